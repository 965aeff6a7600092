package org.opensrm.backend.posix.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;

/**
 * Removes a directory tree depth first as the acting account: reading a directory needs read and search,
 * removing from it write and search (and the sticky-bit rule). Links are removed, never followed. Stops at
 * the first entry the account may not remove; what was removed before stays removed, as with {@code rm -r}.
 */
public final class TreeRemover {
    private final AccessPolicy policy;
    private final ChecksumStore checksums;

    public TreeRemover(AccessPolicy policy, ChecksumStore checksums) {
        this.policy = policy;
        this.checksums = checksums;
    }

    /** Empties {@code dir} (a real directory with attributes {@code attrs}), leaving {@code dir} itself. */
    public void empty(Account as, Path dir, Attrs attrs, SrmPath srmDir) throws SrmException, IOException {
        policy.require(as, attrs, AccessPolicy.READ | AccessPolicy.SEARCH, srmDir, "read");
        List<Path> children = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            entries.forEach(children::add);
        }
        for (Path child : children) {
            Attrs c = Attrs.lstat(child);
            SrmPath srmChild = childPath(srmDir, child);
            policy.requireRemovable(as, attrs, c, srmChild);
            if (c.isDirectory()) {
                empty(as, child, c, srmChild);
            }
            Files.delete(child);
            checksums.forget(child);
        }
    }

    /** For messages only: a name SrmPath cannot hold is reported as its directory. */
    private static SrmPath childPath(SrmPath dir, Path child) {
        try {
            return dir.child(child.getFileName().toString());
        } catch (SrmException e) {
            return dir;
        }
    }
}
