package org.opensrm.server.token;

import java.util.Objects;
import org.opensrm.common.SrmPath;

/**
 * One file of a request, as the token remembers it.
 *
 * @param surl         the SURL exactly as the client sent it (answers echo it back)
 * @param path         its namespace path
 * @param uploadName   for a put: the hidden name beside the target the transfer writes to; empty otherwise
 * @param expectedSize for a put: the size the client declared, 0 when it declared none
 * @param node         the GridFTP door the TURL names ("host:port"), empty when the file got no TURL
 */
public record TokenFile(String surl, SrmPath path, String uploadName, long expectedSize, String node) {
    public TokenFile {
        Objects.requireNonNull(surl, "surl");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(uploadName, "uploadName");
        Objects.requireNonNull(node, "node");
    }
}
