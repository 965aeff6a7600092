package org.opensrm.core.full;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.core.Request;
import org.opensrm.core.RequestToken;
import org.opensrm.core.service.UploadNames;

/**
 * Where a full-mode put's file is uploaded: a name in the owner's directory of the staging area that follows
 * from the request token and the file's index, so that every frontend and every restart finds it without
 * storing it. The token itself never appears in the name (names show up in GridFTP logs; tokens are secrets).
 */
public final class UploadPaths {
    private UploadPaths() {
    }

    /** The request parameter that names the upload of a file, followed by the file's index. */
    public static final String PARAMETER = "upload.";

    /**
     * The upload of file {@code index} of {@code r}: the one the request names (parameter {@code upload.<index>}, a
     * name in {@code accountDirectory} or, from an old gateway token, a path), else the one that follows from its
     * token. A store that keeps requests leaves uploads unnamed; a stateless store's token cannot name its own
     * uploads, so the engine names them in the request it signs.
     */
    public static SrmPath of(SrmPath accountDirectory, Request r, int index) throws SrmException {
        String named = r.parameters().get(PARAMETER + index);
        if (named == null) {
            return of(accountDirectory, r.token(), index);
        }
        return named.startsWith("/") ? SrmPath.of(named) : accountDirectory.child(named);
    }

    /** The upload of file {@code index} of the request, in {@code accountDirectory} (the staging area's). */
    public static SrmPath of(SrmPath accountDirectory, RequestToken token, int index) throws SrmException {
        return accountDirectory.child(UploadNames.PREFIX + digest(token) + "-" + index);
    }

    private static String digest(RequestToken token) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(token.value().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }
}
