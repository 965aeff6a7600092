package org.opensrm.core.service;

import java.util.HexFormat;
import org.opensrm.core.ThreadRandoms;

/**
 * Names of uploads in progress: a put's transfer writes to such a name in the caller's directory of the
 * {@link StagingArea}, renamed onto its target by srmPutDone. Puts prepared by earlier versions wrote to such a
 * name beside the target; listings never show these names, wherever they are.
 */
public final class UploadNames {
    public static final String PREFIX = ".srmput-";
    private final ThreadRandoms random = new ThreadRandoms();

    public String next() {
        byte[] b = new byte[12];
        random.nextBytes(b);
        return PREFIX + HexFormat.of().formatHex(b);
    }

    public static boolean isUpload(String name) {
        return name.startsWith(PREFIX);
    }
}
