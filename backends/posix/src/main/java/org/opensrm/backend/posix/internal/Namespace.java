package org.opensrm.backend.posix.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;

/**
 * Maps namespace paths onto the disk the way the kernel's path walk would for the acting account: search
 * permission on every directory from the root down, a missing or non-directory component is
 * {@code SRM_INVALID_PATH}, and a symbolic link is followed only if its real target stays inside the root
 * (otherwise {@code SRM_INVALID_PATH}).
 *
 * <p>Residual race: the walk checks and then the caller acts, so a component swapped for a link in between by
 * someone with write access to the storage outside the SRM is not caught.
 */
public final class Namespace {
    /** A real directory inside the root, with its attributes. */
    public record Dir(Path path, Attrs attrs) {
    }

    private final Path root;
    private final AccessPolicy policy;

    /** @param realRoot the root, already {@code toRealPath()}-ed */
    public Namespace(Path realRoot, AccessPolicy policy) {
        this.root = realRoot;
        this.policy = policy;
    }

    public Path root() {
        return root;
    }

    /** The entry at {@code path}; with {@code follow}, a link inside the root is replaced by its target. */
    public Located existing(Account as, SrmPath path, boolean follow) throws SrmException {
        try {
            if (path.isRoot()) {
                return new Located(path, root, Attrs.stat(root), null, null);
            }
            Dir dir = parentOf(as, path);
            Path entry = dir.path().resolve(path.name());
            Attrs a = lstat(entry, path);
            if (a.isLink()) {
                Path target = linkTarget(entry, path, follow);
                if (follow) {
                    searchDownTo(as, target.getParent(), path);
                    return new Located(path, target, Attrs.stat(target), dir.path(), dir.attrs());
                }
            }
            return new Located(path, entry, a, dir.path(), dir.attrs());
        } catch (IOException e) {
            throw IoErrors.map(e, path, "look up");
        }
    }

    /**
     * The real directory that is to hold {@code path}'s last segment, after checking search permission on
     * every directory from the root down to and including it.
     */
    public Dir parentOf(Account as, SrmPath path) throws SrmException {
        try {
            Path cur = root;
            Attrs curAttrs = Attrs.stat(root);
            List<String> segments = path.segments();
            for (int i = 0; i < segments.size() - 1; i++) {
                policy.require(as, curAttrs, AccessPolicy.SEARCH, path, "reach");
                Path next = cur.resolve(segments.get(i));
                Attrs a = lstat(next, path);
                if (a.isLink()) {
                    next = linkTarget(next, path, true);
                    searchDownTo(as, next.getParent(), path);
                    a = Attrs.stat(next);
                }
                if (!a.isDirectory()) {
                    throw SrmException.invalidPath("not a directory: " + segments.get(i) + " in " + path);
                }
                cur = next;
                curAttrs = a;
            }
            policy.require(as, curAttrs, AccessPolicy.SEARCH, path, "reach");
            return new Dir(cur, curAttrs);
        } catch (IOException e) {
            throw IoErrors.map(e, path, "look up");
        }
    }

    /** Checks that a link's target lies inside the root; returns the real target. */
    private Path linkTarget(Path link, SrmPath path, boolean mustExist) throws IOException, SrmException {
        Path target;
        try {
            target = link.toRealPath();
        } catch (NoSuchFileException e) {
            if (mustExist) {
                throw SrmException.invalidPath("dangling link: " + path);
            }
            target = link.getParent().resolve(Files.readSymbolicLink(link)).normalize();
        }
        if (!target.startsWith(root)) {
            throw SrmException.invalidPath("leads out of the storage root: " + path);
        }
        return target;
    }

    /** Search permission on every directory from the root down to {@code dir}, a real path inside the root. */
    private void searchDownTo(Account as, Path dir, SrmPath path) throws IOException, SrmException {
        Path cur = root;
        policy.require(as, Attrs.stat(cur), AccessPolicy.SEARCH, path, "reach");
        for (Path segment : root.relativize(dir)) {
            if (segment.toString().isEmpty()) {
                continue;
            }
            cur = cur.resolve(segment);
            policy.require(as, Attrs.stat(cur), AccessPolicy.SEARCH, path, "reach");
        }
    }

    private static Attrs lstat(Path entry, SrmPath path) throws IOException, SrmException {
        try {
            return Attrs.lstat(entry);
        } catch (NoSuchFileException e) {
            throw SrmException.invalidPath("no such file or directory: " + path);
        }
    }
}
