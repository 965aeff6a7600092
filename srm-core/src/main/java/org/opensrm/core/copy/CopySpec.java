package org.opensrm.core.copy;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * One file to copy: transfer URLs of its source and destination (e.g. {@code gsiftp://door:2811/path}).
 *
 * @param label          what names the copy in logs, e.g. the request token and file index
 * @param expectedAdler32 the source's adler32 as its storage element reports it (hex), compared with the copy's;
 *                       empty when the source reports none
 */
public record CopySpec(URI source, URI destination, String label, Optional<String> expectedAdler32) {
    public CopySpec {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(destination, "destination");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(expectedAdler32, "expectedAdler32");
        expectedAdler32.ifPresent(Adler32s::parse);
    }

    /** A copy whose source reports no checksum. */
    public CopySpec(URI source, URI destination, String label) {
        this(source, destination, label, Optional.empty());
    }
}
