package org.opensrm.core.gateway;

import java.util.Objects;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/**
 * One file of a request, as the token remembers it.
 *
 * @param surl         the SURL exactly as the client sent it (answers echo it back)
 * @param path         its namespace path
 * @param uploadName   for a put: where the transfer writes &mdash; the upload's path in the staging area (starting
 *                     with {@code /}), or, in tokens of earlier versions, a hidden name beside the target; empty
 *                     when the file got no upload
 * @param expectedSize for a put: the size the client declared, 0 when it declared none
 * @param node         the GridFTP door the TURL names ("host:port"), empty when the file got no TURL
 * @param refusal      the status the file was refused with when the request was made, null when it was accepted;
 *                     every later answer about the file repeats it
 */
public record TokenFile(String surl, SrmPath path, String uploadName, long expectedSize, String node,
                        SrmStatus refusal) {
    public TokenFile {
        Objects.requireNonNull(surl, "surl");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(uploadName, "uploadName");
        Objects.requireNonNull(node, "node");
    }

    /** An accepted file. */
    public TokenFile(String surl, SrmPath path, String uploadName, long expectedSize, String node) {
        this(surl, path, uploadName, expectedSize, node, null);
    }

    /** A file refused with {@code status} when the request was made. */
    public static TokenFile refused(String surl, SrmPath path, long expectedSize, SrmStatus status) {
        return new TokenFile(surl, path, "", expectedSize, "", Objects.requireNonNull(status, "status"));
    }

    public boolean isRefused() {
        return refusal != null;
    }
}
