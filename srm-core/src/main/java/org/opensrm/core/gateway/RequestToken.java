package org.opensrm.core.gateway;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Everything a gateway-mode request needs to be answered again later, on any frontend that shares the key:
 * the owner (as a digest of the DN), the files, and the expiry. It is carried by the client as the request
 * token, signed, so the server keeps no request state.
 *
 * @param kind       put, get or bring-online
 * @param ownerDigest SHA-256 of the owner's DN (the DN itself is not carried)
 * @param issued     when the request was made
 * @param expires    when it lapses
 * @param overwrite  for a put: whether an existing target may be replaced
 * @param spaceToken the static space token the put named, if any
 * @param files      the files, in request order
 */
public record RequestToken(TokenKind kind, byte[] ownerDigest, Instant issued, Instant expires, boolean overwrite,
                           Optional<String> spaceToken, List<TokenFile> files) {
    public RequestToken {
        files = List.copyOf(files);
        ownerDigest = ownerDigest.clone();
    }

    /** The file entry for a SURL, matched on its namespace path. */
    public Optional<TokenFile> file(org.opensrm.common.SrmPath path) {
        return files.stream().filter(f -> f.path().equals(path)).findFirst();
    }

    public boolean isExpired(Instant now) {
        return !now.isBefore(expires);
    }
}
