package org.opensrm.server.core;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Names of uploads in progress: a put's transfer writes to a hidden name beside its target, renamed into place
 * by srmPutDone. Listings never show these names.
 */
public final class UploadNames {
    public static final String PREFIX = ".srmput-";
    private final SecureRandom random = new SecureRandom();

    public String next() {
        byte[] b = new byte[12];
        random.nextBytes(b);
        return PREFIX + HexFormat.of().formatHex(b);
    }

    public static boolean isUpload(String name) {
        return name.startsWith(PREFIX);
    }
}
