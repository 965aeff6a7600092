package org.opensrm.backend.posix;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileStore;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.opensrm.backend.AccessRights;
import org.opensrm.backend.BackendCapabilities;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.PosixMode;
import org.opensrm.backend.SpaceFigures;
import org.opensrm.backend.StorageBackend;
import org.opensrm.backend.posix.internal.AccessPolicy;
import org.opensrm.backend.posix.internal.Adler32Hex;
import org.opensrm.backend.posix.internal.Attrs;
import org.opensrm.backend.posix.internal.ChecksumStore;
import org.opensrm.backend.posix.internal.DirectoryMaker;
import org.opensrm.backend.posix.internal.IoErrors;
import org.opensrm.backend.posix.internal.Lister;
import org.opensrm.backend.posix.internal.Located;
import org.opensrm.backend.posix.internal.NameCache;
import org.opensrm.backend.posix.internal.Namespace;
import org.opensrm.backend.posix.internal.Renamer;
import org.opensrm.backend.posix.internal.StatMaker;
import org.opensrm.backend.posix.internal.TreeRemover;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link StorageBackend} over a directory of a local (or locally mounted) POSIX file system.
 *
 * <p>The server runs as root (or with CAP_CHOWN, CAP_FOWNER, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH) and acts
 * itself, so every access decision is taken here, with the acting {@link Account}'s uid, gid and groups
 * against the mode bits, owner and group of each entry, the way the kernel would; what {@code mkdir} creates is
 * then given to the account. Run as an ordinary user, it serves that user's own account.
 *
 * <p>Space figures and {@link #createDropBox} act as the process itself (the drop box belongs to it).
 *
 * <p>Adler32 checksums are kept in a user extended attribute (see {@link PosixBackendConfig#checksumXattr()})
 * together with the size and modification time they were computed for.
 */
public final class PosixBackend implements StorageBackend {
    private static final Logger LOG = LoggerFactory.getLogger(PosixBackend.class);
    /** Space figures need no access decision; the path is resolved with uid 0 only to find its file store. */
    private static final Account SPACE_PROBE = new Account("root", 0, 0, Set.of(0));
    /** rwx-wx-wx and sticky: see {@link StorageBackend#createDropBox}. */
    private static final int DROP_BOX_MODE = 01733;
    private static final BackendCapabilities CAPABILITIES = new BackendCapabilities(Set.of("adler32"), true,
            true, true);

    private final Namespace namespace;
    private final AccessPolicy policy = new AccessPolicy();
    private final ChecksumStore checksums;
    private final Adler32Hex adler32;
    private final StatMaker stats;
    private final Lister lister;
    private final DirectoryMaker maker;
    private final TreeRemover remover;
    private final Renamer renamer = new Renamer();

    /**
     * @throws IOException when the root does not exist or is not a directory
     */
    public PosixBackend(PosixBackendConfig config) throws IOException {
        Path root = config.root().toRealPath();
        if (!Files.isDirectory(root)) {
            throw new IOException("storage root is not a directory: " + root);
        }
        FileStore store = Files.getFileStore(root);
        boolean xattrs = store.supportsFileAttributeView(UserDefinedFileAttributeView.class);
        this.namespace = new Namespace(root, policy);
        this.checksums = new ChecksumStore(config.checksumXattr(), xattrs, config.memoryChecksums(),
                config.xattrCacheEntries());
        this.adler32 = new Adler32Hex(config.checksumBufferBytes());
        this.stats = new StatMaker(new NameCache(config.nameCacheSize()), checksums);
        this.lister = new Lister(stats);
        this.maker = new DirectoryMaker(config.directoryMode());
        this.remover = new TreeRemover(policy, checksums);
        LOG.info("POSIX backend over {} ({}, user xattrs: {})", root, store.type(), xattrs);
    }

    @Override
    public BackendCapabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public FileStat stat(Account as, SrmPath path) throws SrmException {
        Located e = namespace.existing(as, path, false);
        return stats.of(path, e.path(), e.attrs());
    }

    @Override
    public List<FileStat> list(Account as, SrmPath directory) throws SrmException {
        Located d = namespace.existing(as, directory, true);
        if (!d.attrs().isDirectory()) {
            throw SrmException.invalidPath("not a directory: " + directory);
        }
        policy.require(as, d.attrs(), AccessPolicy.READ | AccessPolicy.SEARCH, directory, "list");
        try {
            return lister.list(directory, d.path());
        } catch (IOException e) {
            throw IoErrors.map(e, directory, "list");
        }
    }

    @Override
    public void mkdir(Account as, SrmPath path) throws SrmException {
        if (path.isRoot()) {
            throw new SrmException(SrmStatus.SRM_DUPLICATION_ERROR, "the root exists");
        }
        Namespace.Dir parent = namespace.parentOf(as, path);
        Path dir = parent.path().resolve(path.name());
        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new SrmException(SrmStatus.SRM_DUPLICATION_ERROR, "already exists: " + path);
        }
        policy.require(as, parent.attrs(), AccessPolicy.WRITE | AccessPolicy.SEARCH, path.parent(),
                "create entries in");
        try {
            maker.make(as, dir, parent.attrs());
        } catch (IOException e) {
            throw IoErrors.map(e, path, "create");
        }
    }

    @Override
    public void rmdir(Account as, SrmPath path, boolean recursive) throws SrmException {
        if (path.isRoot()) {
            throw SrmException.invalidRequest("the root cannot be removed");
        }
        Located d = removable(as, path);
        if (!d.attrs().isDirectory()) {
            throw SrmException.invalidRequest("not a directory: " + path);
        }
        try {
            if (recursive) {
                remover.empty(as, d.path(), d.attrs(), path);
            }
            Files.delete(d.path());
        } catch (DirectoryNotEmptyException e) {
            throw new SrmException(SrmStatus.SRM_NON_EMPTY_DIRECTORY, "directory not empty: " + path);
        } catch (IOException e) {
            throw IoErrors.map(e, path, "remove");
        }
    }

    @Override
    public void delete(Account as, SrmPath path) throws SrmException {
        Located f = path.isRoot() ? null : removable(as, path);
        if (f == null || f.attrs().isDirectory()) {
            throw SrmException.invalidRequest("a directory is removed with rmdir: " + path);
        }
        try {
            Files.delete(f.path());
            checksums.forget(f.path());
        } catch (IOException e) {
            throw IoErrors.map(e, path, "remove");
        }
    }

    /** The entry itself (a link is not followed, but must stay inside), after the removal permission check. */
    private Located removable(Account as, SrmPath path) throws SrmException {
        Located e = namespace.existing(as, path, false);
        policy.requireRemovable(as, e.parentAttrs(), e.attrs(), path);
        return e;
    }

    @Override
    public void rename(Account as, SrmPath from, SrmPath to, boolean replace) throws SrmException {
        if (from.isRoot() || to.isRoot()) {
            throw SrmException.invalidRequest("the root cannot be renamed or replaced");
        }
        Located src = removable(as, from);
        Namespace.Dir dest = namespace.parentOf(as, to);
        policy.require(as, dest.attrs(), AccessPolicy.WRITE | AccessPolicy.SEARCH, to.parent(), "create entries in");
        Path target = dest.path().resolve(to.name());
        if (src.attrs().isDirectory()) {
            if (target.startsWith(src.path())) {
                throw SrmException.invalidRequest("cannot move " + from + " into itself");
            }
            if (!dest.path().equals(src.parent())) {
                policy.require(as, src.attrs(), AccessPolicy.WRITE, from, "move the directory");
            }
        }
        try {
            if (replace) {
                replaceable(as, dest, target, src.attrs(), to);
                renamer.renameReplace(src.path(), target);
            } else {
                renamer.renameNoReplace(src.path(), src.attrs(), target, to);
            }
            checksums.forget(src.path());
        } catch (FileSystemException e) {
            throw renameFailure(e, from, to);
        } catch (IOException e) {
            throw IoErrors.map(e, from, "rename");
        }
    }

    /** With replace, only a file (or link) is replaced, and the sticky-bit rule applies to it. */
    private void replaceable(Account as, Namespace.Dir dest, Path target, Attrs source, SrmPath to)
            throws SrmException {
        Attrs existing;
        try {
            existing = Attrs.lstat(target);
        } catch (IOException e) {
            return;
        }
        if (existing.isDirectory() || source.isDirectory()) {
            throw new SrmException(SrmStatus.SRM_DUPLICATION_ERROR, "only a file is replaced: " + to);
        }
        policy.requireRemovable(as, dest.attrs(), existing, to);
    }

    private static SrmException renameFailure(FileSystemException e, SrmPath from, SrmPath to) {
        String reason = String.valueOf(e.getReason());
        if (e instanceof DirectoryNotEmptyException || reason.contains("not empty")
                || reason.contains("Is a directory") || reason.contains("File exists")) {
            return new SrmException(SrmStatus.SRM_DUPLICATION_ERROR, "already exists: " + to, e);
        }
        if (reason.contains("cross-device")) {
            return SrmException.internal("cannot rename across file systems: " + from + " to " + to, e);
        }
        return IoErrors.map(e, from, "rename");
    }

    @Override
    public void setMode(Account as, SrmPath path, PosixMode mode) throws SrmException {
        Located e = namespace.existing(as, path, true);
        policy.requireOwner(as, e.attrs(), path);
        try {
            int special = e.attrs().mode() & 07000;
            Files.setAttribute(e.path(), "unix:mode", special | mode.toOctal());
        } catch (IOException x) {
            throw IoErrors.map(x, path, "change the mode of");
        }
    }

    @Override
    public void adopt(Account as, SrmPath path) throws SrmException {
        Located f = path.isRoot() ? null : namespace.existing(as, path, false);
        if (f == null || !f.attrs().isRegularFile()) {
            throw SrmException.invalidRequest("only a file can be given to an account: " + path);
        }
        if (f.parentAttrs().uid() != as.uid()) {
            throw new SrmException(SrmStatus.SRM_AUTHORIZATION_FAILURE, as.name() + " does not own the directory of "
                    + path + "; only files in its own directories are given to it");
        }
        int gid = f.parentAttrs().setgid() ? f.parentAttrs().gid() : as.gid();
        try {
            if (f.attrs().uid() != as.uid()) {
                Files.setAttribute(f.path(), "unix:uid", as.uid(), LinkOption.NOFOLLOW_LINKS);
            }
            if (f.attrs().gid() != gid) {
                Files.setAttribute(f.path(), "unix:gid", gid, LinkOption.NOFOLLOW_LINKS);
            }
        } catch (IOException e) {
            throw IoErrors.map(e, path, "give to " + as.name());
        }
        LOG.debug("{} given to {}", path, as.name());
    }

    @Override
    public AccessRights access(Account as, SrmPath path) throws SrmException {
        return policy.rights(as, namespace.existing(as, path, true).attrs());
    }

    @Override
    public String checksum(Account as, SrmPath path, String algorithm) throws SrmException {
        if (!"adler32".equals(algorithm.toLowerCase(Locale.ROOT))) {
            throw new SrmException(SrmStatus.SRM_NOT_SUPPORTED, "checksum algorithm not supported: " + algorithm);
        }
        Located f = namespace.existing(as, path, true);
        if (!f.attrs().isRegularFile()) {
            throw SrmException.invalidRequest("not a file: " + path);
        }
        policy.require(as, f.attrs(), AccessPolicy.READ, path, "read");
        try {
            Optional<String> stored = checksums.lookupFresh(f.path(), f.attrs());
            return stored.isPresent() ? stored.get() : compute(f);
        } catch (IOException e) {
            throw IoErrors.map(e, path, "checksum");
        }
    }

    private String compute(Located f) throws IOException {
        Attrs before = Attrs.stat(f.path());
        String value = adler32.of(f.path());
        Attrs after = Attrs.stat(f.path());
        if (before.size() == after.size() && before.modifiedNanos() == after.modifiedNanos()) {
            checksums.store(f.path(), after, value);
        } else {
            LOG.debug("{} changed while its checksum was computed; not stored", f.srmPath());
        }
        return value;
    }

    @Override
    public void createDropBox(SrmPath directory) throws SrmException {
        if (directory.isRoot()) {
            throw SrmException.invalidRequest("the root cannot be a drop box");
        }
        Path dir = namespace.parentOf(SPACE_PROBE, directory).path().resolve(directory.name());
        try {
            try {
                Files.createDirectory(dir);
                LOG.info("created drop box {}", dir);
            } catch (FileAlreadyExistsException e) {
                if (!Attrs.lstat(dir).isDirectory()) {
                    throw new SrmException(SrmStatus.SRM_DUPLICATION_ERROR, "not a directory: " + directory);
                }
            }
            Files.setAttribute(dir, "unix:mode", DROP_BOX_MODE);
        } catch (IOException e) {
            throw IoErrors.map(e, directory, "create the drop box");
        }
    }

    @Override
    public SpaceFigures space(SrmPath path) throws SrmException {
        try {
            FileStore store = Files.getFileStore(namespace.existing(SPACE_PROBE, path, true).path());
            return new SpaceFigures(store.getTotalSpace(), store.getUsableSpace());
        } catch (IOException e) {
            throw IoErrors.map(e, path, "measure space of");
        }
    }

    @Override
    public String type() {
        return "posix";
    }

    @Override
    public void close() {
        // nothing is held open between calls
    }
}
