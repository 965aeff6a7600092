package org.opensrm.backend.hdfs;

import java.io.IOException;
import java.io.OutputStream;
import java.security.PrivilegedExceptionAction;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.security.UserGroupInformation;
import org.opensrm.backend.StorageBackend;
import org.opensrm.backend.contract.BackendFixture;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;

/**
 * The contract suites' fixture: a fresh mode-0777 directory of the shared cluster as root, srmuser1 and srmuser2
 * as alice and bob, and file writes done as a transfer would (a proxy user's own HDFS client, outside the SPI).
 */
public final class HdfsFixture implements BackendFixture {
    private final DevHdfsCluster cluster;
    private final String root;
    private final Configuration conf = new HdfsConfiguration();
    private final Map<String, FileSystem> writers = new HashMap<>();
    private final FileSystem superuser;
    private final Account alice = TestAccounts.account("srmuser1");
    private final Account bob = TestAccounts.account("srmuser2");

    HdfsFixture(DevHdfsCluster cluster, String root) throws IOException {
        this.cluster = cluster;
        this.root = root;
        // Closing a file polls the NameNode until the DataNode has reported the block, first after 400 ms by
        // default; the suites write hundreds of small files.
        conf.setInt("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", 10);
        this.superuser = FileSystem.newInstance(cluster.uri(), conf);
        org.apache.hadoop.fs.Path r = new org.apache.hadoop.fs.Path(root);
        superuser.mkdirs(r);
        superuser.setPermission(r, new FsPermission((short) 0777));
    }

    /** An HDFS client of the test JVM's user, the superuser. */
    public FileSystem superuser() {
        return superuser;
    }

    public String root() {
        return root;
    }

    public HdfsBackendConfig.Builder config() {
        return cluster.backendConfig().root(root);
    }

    @Override
    public StorageBackend backend() {
        try {
            return HdfsBackends.open(config().build());
        } catch (SrmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Account alice() {
        return alice;
    }

    @Override
    public Account bob() {
        return bob;
    }

    /** The HDFS path of a namespace path. */
    public org.apache.hadoop.fs.Path hdfsPath(SrmPath path) {
        return new org.apache.hadoop.fs.Path(null, null, path.isRoot() ? root : root + path);
    }

    /**
     * Written by the superuser and then given to {@code owner} and its primary group, as the POSIX fixture does
     * (the suites expect it to work whatever the permissions of the parent).
     */
    @Override
    public void writeFile(Account owner, SrmPath path, byte[] content) throws IOException {
        org.apache.hadoop.fs.Path h = hdfsPath(path);
        try (OutputStream out = superuser.create(h, true)) {
            out.write(content);
        }
        superuser.setOwner(h, owner.name(), TestAccounts.groupName(owner.gid()));
    }

    /** Runs {@code call} with an HDFS client acting as {@code account} (a proxy user of the test JVM's user). */
    public synchronized <T> T as(Account account, FsCall<T> call) throws IOException {
        FileSystem fs = writers.get(account.name());
        if (fs == null) {
            UserGroupInformation ugi = UserGroupInformation.createProxyUser(account.name(),
                    UserGroupInformation.getLoginUser());
            fs = doAs(ugi, () -> FileSystem.newInstance(cluster.uri(), conf));
            writers.put(account.name(), fs);
        }
        FileSystem acting = fs;
        return call.call(acting);
    }

    /** Something done with an HDFS client. */
    @FunctionalInterface
    public interface FsCall<T> {
        T call(FileSystem fs) throws IOException;
    }

    private static <T> T doAs(UserGroupInformation ugi, PrivilegedExceptionAction<T> action) throws IOException {
        try {
            return ugi.doAs(action);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        for (FileSystem fs : writers.values()) {
            fs.close();
        }
        writers.clear();
        try (FileSystem fs = superuser) {
            fs.delete(new org.apache.hadoop.fs.Path(root), true);
        }
    }
}
