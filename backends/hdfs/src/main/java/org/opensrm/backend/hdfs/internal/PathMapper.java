package org.opensrm.backend.hdfs.internal;

import org.apache.hadoop.fs.Path;
import org.opensrm.common.SrmPath;

/**
 * Maps namespace paths onto HDFS paths below the root. Built from (scheme, authority, path) so that no segment is
 * ever parsed as a URI: a name such as {@code %2F} stays those three characters.
 */
public final class PathMapper {
    private final String root;

    /** @param root absolute, normalised, without trailing slash unless it is "/" */
    public PathMapper(String root) {
        this.root = root;
    }

    public Path toHdfs(SrmPath path) {
        String p = root.equals("/") ? path.toString() : path.isRoot() ? root : root + path;
        return new Path(null, null, p);
    }

    public String root() {
        return root;
    }
}
