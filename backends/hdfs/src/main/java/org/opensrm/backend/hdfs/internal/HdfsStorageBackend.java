package org.opensrm.backend.hdfs.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.QuotaUsage;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authorize.AuthorizationException;
import org.opensrm.backend.AccessRights;
import org.opensrm.backend.BackendCapabilities;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.PosixMode;
import org.opensrm.backend.SpaceFigures;
import org.opensrm.backend.StorageBackend;
import org.opensrm.backend.hdfs.HdfsBackendConfig;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link StorageBackend} over HDFS, talking to the NameNode directly. Every namespace call runs as a proxy user
 * of the service identity named after the account, so HDFS's permissions (and ACLs) decide and new entries
 * belong to the account. HDFS has no symbolic links by default and no hard links; rename is atomic.
 */
public final class HdfsStorageBackend implements StorageBackend {
    private static final Logger LOG = LoggerFactory.getLogger(HdfsStorageBackend.class);
    private static final BackendCapabilities CAPABILITIES = new BackendCapabilities(Set.of("adler32"), false, true,
            true);

    private final HdfsBackendConfig config;
    private final Identities ids;
    private final PathMapper paths;
    private final Checksums checksums;

    private HdfsStorageBackend(HdfsBackendConfig config, Identities ids) {
        this.config = config;
        this.ids = ids;
        this.paths = new PathMapper(config.root());
        this.checksums = new Checksums(ids, config.checksumXattr(), config.checksumBufferBytes());
    }

    /** Logs in, connects and checks that the root is a directory. */
    public static HdfsStorageBackend open(HdfsBackendConfig config) throws SrmException {
        Identities ids;
        try {
            Configuration conf = HadoopLogin.configuration(config);
            UserGroupInformation service = HadoopLogin.serviceIdentity(config, conf);
            ids = new Identities(config.uri(), conf, service, config.kerberos());
        } catch (IOException e) {
            throw SrmException.internal("cannot connect to HDFS at " + config.uri() + ": " + e.getMessage(), e);
        }
        HdfsStorageBackend backend = new HdfsStorageBackend(config, ids);
        try {
            Path root = backend.paths.toHdfs(SrmPath.ROOT);
            FileStatus st = ids.asService(fs -> fs.getFileStatus(root));
            if (!st.isDirectory()) {
                throw new IOException("backend.root " + config.root() + " is not a directory");
            }
        } catch (IOException e) {
            backend.closeQuietly();
            throw SrmException.internal("HDFS root " + config.root() + " at " + config.uri() + " unusable: "
                    + e.getMessage(), e);
        }
        LOG.info("HDFS backend on {}{} acting for accounts as {}", config.uri(), config.root(), ids.serviceName());
        return backend;
    }

    @Override
    public BackendCapabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public FileStat stat(Account as, SrmPath path) throws SrmException {
        Path h = paths.toHdfs(path);
        FileStatus st = run(as, "stat", path, fs -> fs.getFileStatus(h));
        return Stats.toStat(path, st, stored(path, h, st));
    }

    /** A file under construction: its writer holds its lease (one NameNode call). */
    @Override
    public boolean openForWriting(Account as, SrmPath path) throws SrmException {
        Path h = paths.toHdfs(path);
        return run(as, "stat", path, fs -> !fs.isFileClosed(h));
    }

    @Override
    public List<FileStat> list(Account as, SrmPath directory) throws SrmException {
        Path dir = paths.toHdfs(directory);
        List<FileStatus> entries = run(as, "list", directory, fs -> {
            List<FileStatus> out = new ArrayList<>();
            RemoteIterator<FileStatus> it = fs.listStatusIterator(dir);
            while (it.hasNext()) {
                out.add(it.next());
            }
            return out;
        });
        if (entries.size() == 1 && !entries.get(0).isDirectory()
                && entries.get(0).getPath().toUri().getPath().equals(dir.toUri().getPath())) {
            throw SrmException.invalidRequest("list " + directory + ": not a directory");
        }
        List<FileStat> out = new ArrayList<>(entries.size());
        for (FileStatus st : entries) {
            SrmPath child = directory.child(st.getPath().getName());
            Optional<String> sum = config.listChecksums() ? stored(child, st.getPath(), st) : Optional.empty();
            out.add(Stats.toStat(child, st, sum));
        }
        out.sort(Comparator.comparing(s -> s.path().name()));
        return out;
    }

    @Override
    public void mkdir(Account as, SrmPath path) throws SrmException {
        Path h = paths.toHdfs(path);
        if (run(as, "mkdir", path, fs -> fs.exists(h))) {
            throw new SrmException(SrmStatus.SRM_DUPLICATION_ERROR, "mkdir " + path + ": already exists");
        }
        run(as, "mkdir", path, fs -> fs.mkdir(h, FsPermission.getDirDefault()));
        if (config.primaryGroupForNewDirectories()) {
            ids.primaryGroup(as).ifPresent(group -> {
                try {
                    ids.as(as, fs -> {
                        fs.setOwner(h, null, group);
                        return null;
                    });
                } catch (IOException e) {
                    LOG.debug("cannot give {} the group {} of {}: {}", path, group, as, e.toString());
                }
            });
        }
    }

    @Override
    public void rmdir(Account as, SrmPath path, boolean recursive) throws SrmException {
        if (path.isRoot()) {
            throw SrmException.invalidRequest("the root is never removed");
        }
        Path h = paths.toHdfs(path);
        if (!run(as, "rmdir", path, fs -> fs.getFileStatus(h)).isDirectory()) {
            throw SrmException.invalidRequest("rmdir " + path + ": not a directory");
        }
        if (!run(as, "rmdir", path, fs -> fs.delete(h, recursive))) {
            throw SrmException.invalidPath("rmdir " + path + ": no such directory");
        }
    }

    @Override
    public void delete(Account as, SrmPath path) throws SrmException {
        Path h = paths.toHdfs(path);
        if (run(as, "delete", path, fs -> fs.getFileStatus(h)).isDirectory()) {
            throw SrmException.invalidRequest("delete " + path + ": is a directory");
        }
        if (!run(as, "delete", path, fs -> fs.delete(h, false))) {
            throw SrmException.invalidPath("delete " + path + ": no such file");
        }
    }

    @Override
    public void rename(Account as, SrmPath from, SrmPath to, boolean replace) throws SrmException {
        if (from.isRoot()) {
            throw SrmException.invalidRequest("the root cannot be renamed");
        }
        if (from.contains(to) && !from.equals(to)) {
            throw SrmException.invalidRequest("rename " + from + ": cannot move into its own subtree " + to);
        }
        Path src = paths.toHdfs(from);
        Path dst = paths.toHdfs(to);
        Options.Rename mode = replace ? Options.Rename.OVERWRITE : Options.Rename.NONE;
        try {
            ids.as(as, fs -> {
                fs.rename(src, dst, mode);
                return null;
            });
        } catch (IOException e) {
            // HDFS reports "file onto directory" and "onto a non-empty directory" as plain IOExceptions.
            if (Failures.unwrap(e).getClass() == IOException.class && run(as, "rename", to, fs -> fs.exists(dst))) {
                throw new SrmException(SrmStatus.SRM_DUPLICATION_ERROR, "rename " + from + ": " + to
                        + " exists and cannot be replaced", e);
            }
            throw failure("rename", e, from, to);
        } catch (IllegalArgumentException e) {
            throw Failures.invalidName("rename", to, e);
        }
    }

    @Override
    public void setMode(Account as, SrmPath path, PosixMode mode) throws SrmException {
        Path h = paths.toHdfs(path);
        run(as, "setMode", path, fs -> {
            fs.setPermission(h, new FsPermission((short) mode.toOctal()));
            return null;
        });
    }

    @Override
    public AccessRights access(Account as, SrmPath path) throws SrmException {
        Path h = paths.toHdfs(path);
        run(as, "access", path, fs -> fs.getFileStatus(h));
        return new AccessRights(allowed(as, path, h, FsAction.READ), allowed(as, path, h, FsAction.WRITE),
                allowed(as, path, h, FsAction.EXECUTE));
    }

    private boolean allowed(Account as, SrmPath path, Path h, FsAction action) throws SrmException {
        return run(as, "access", path, fs -> {
            try {
                fs.access(h, action);
                return true;
            } catch (AccessControlException e) {
                return false;
            }
        });
    }

    @Override
    public String checksum(Account as, SrmPath path, String algorithm) throws SrmException {
        if (!"adler32".equalsIgnoreCase(algorithm)) {
            throw new SrmException(SrmStatus.SRM_NOT_SUPPORTED, "checksum algorithm not supported: " + algorithm);
        }
        Path h = paths.toHdfs(path);
        FileStatus st = run(as, "checksum", path, fs -> fs.getFileStatus(h));
        if (!st.isFile()) {
            throw SrmException.invalidRequest("checksum " + path + ": not a file");
        }
        Optional<String> stored = stored(path, h, st);
        if (stored.isPresent()) {
            return stored.get();
        }
        try {
            return checksums.computeAndStore(as, h, st);
        } catch (IOException e) {
            throw Failures.map("checksum", path, e);
        }
    }

    /** As the service identity, which then owns it (HDFS honours the sticky bit on directories). */
    @Override
    public void createDropBox(SrmPath directory) throws SrmException {
        if (directory.isRoot()) {
            throw SrmException.invalidRequest("the root cannot be a drop box");
        }
        Path h = paths.toHdfs(directory);
        FsPermission dropBox = new FsPermission(FsAction.ALL, FsAction.WRITE_EXECUTE, FsAction.WRITE_EXECUTE, true);
        try {
            ids.asService(fs -> {
                if (!fs.exists(h)) {
                    fs.mkdir(h, dropBox);
                    LOG.info("created drop box {}", h);
                } else if (!fs.getFileStatus(h).isDirectory()) {
                    throw new FileAlreadyExistsException(h + " is not a directory");
                }
                fs.setPermission(h, dropBox);
                return null;
            });
        } catch (FileAlreadyExistsException e) {
            throw new SrmException(SrmStatus.SRM_DUPLICATION_ERROR, "not a directory: " + directory, e);
        } catch (IOException e) {
            throw Failures.map("createDropBox", directory, e);
        }
    }

    @Override
    public SpaceFigures space(SrmPath path) throws SrmException {
        Path root = paths.toHdfs(SrmPath.ROOT);
        try {
            QuotaUsage quota = ids.asService(fs -> fs.getQuotaUsage(root));
            if (quota.getSpaceQuota() >= 0) {
                long total = quota.getSpaceQuota();
                return new SpaceFigures(total, Math.max(0, total - quota.getSpaceConsumed()));
            }
            FsStatus fs = ids.asService(dfs -> dfs.getStatus());
            return new SpaceFigures(fs.getCapacity(), Math.min(fs.getCapacity(), fs.getRemaining()));
        } catch (IOException e) {
            throw Failures.map("space", path, e);
        }
    }

    @Override
    public String type() {
        return "hdfs";
    }

    @Override
    public void close() throws IOException {
        ids.close();
    }

    private void closeQuietly() {
        try {
            close();
        } catch (IOException e) {
            LOG.debug("closing HDFS clients: {}", e.toString());
        }
    }

    private Optional<String> stored(SrmPath path, Path h, FileStatus st) throws SrmException {
        try {
            return checksums.stored(h, st);
        } catch (IOException e) {
            throw Failures.map("stat", path, e);
        }
    }

    private <T> T run(Account as, String op, SrmPath path, HdfsCall<T> call) throws SrmException {
        try {
            return ids.as(as, call);
        } catch (IOException e) {
            throw failure(op, e, path);
        } catch (IllegalArgumentException e) {
            throw Failures.invalidName(op, path, e);
        }
    }

    /**
     * HDFS checks a file met on the way to a path like a directory it must search, so "a component is not a
     * directory" arrives as a permission denial; only then are the ancestors looked at, as the service.
     */
    private SrmException failure(String op, IOException e, SrmPath... involved) {
        IOException cause = Failures.unwrap(e);
        if (cause instanceof AccessControlException && !(cause instanceof AuthorizationException)) {
            for (SrmPath p : involved) {
                if (ancestorIsFile(p)) {
                    return new SrmException(SrmStatus.SRM_INVALID_PATH, op + " " + p
                            + ": a component is not a directory", e);
                }
            }
        }
        return Failures.map(op, involved[0], e);
    }

    private boolean ancestorIsFile(SrmPath path) {
        for (SrmPath a = path.parent(); !a.isRoot(); a = a.parent()) {
            Path h = paths.toHdfs(a);
            try {
                if (ids.asService(fs -> fs.getFileStatus(h)).isFile()) {
                    return true;
                }
            } catch (IOException e) {
                LOG.trace("ancestor {} not visible: {}", a, e.toString());
            }
        }
        return false;
    }
}
