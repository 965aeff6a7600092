package org.opensrm.backend.posix.internal;

import java.nio.file.Path;
import org.opensrm.common.SrmPath;

/**
 * An existing entry, found inside the root.
 *
 * @param srmPath    its namespace path
 * @param path       its path on disk: the entry itself, or the link's real target when links were followed
 * @param attrs      the attributes of {@code path}
 * @param parent     the real directory that holds the entry's name (null for the root)
 * @param parentAttrs attributes of {@code parent} (null for the root)
 */
public record Located(SrmPath srmPath, Path path, Attrs attrs, Path parent, Attrs parentAttrs) {
    public boolean isRoot() {
        return parent == null;
    }
}
