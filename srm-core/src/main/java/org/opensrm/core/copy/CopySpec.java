package org.opensrm.core.copy;

import java.net.URI;
import java.util.Objects;

/**
 * One file to copy: transfer URLs of its source and destination (e.g. {@code gsiftp://door:2811/path}).
 *
 * @param label what names the copy in logs, e.g. the request token and file index
 */
public record CopySpec(URI source, URI destination, String label) {
    public CopySpec {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(destination, "destination");
        Objects.requireNonNull(label, "label");
    }
}
