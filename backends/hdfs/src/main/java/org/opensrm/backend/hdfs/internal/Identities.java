package org.opensrm.backend.hdfs.internal;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.security.PrivilegedExceptionAction;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.security.UserGroupInformation;
import org.opensrm.common.Account;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The service identity and, per mapped account, one proxy user of it with its own {@link FileSystem}: created on
 * first use and kept until {@link #close()}, so HDFS's per-UGI client state is made once per account, not per
 * call. Every call runs inside {@code doAs} of its identity.
 */
public final class Identities implements Closeable {
    private static final Logger LOG = LoggerFactory.getLogger(Identities.class);

    private record Acting(UserGroupInformation ugi, DistributedFileSystem fs) {
    }

    private final URI uri;
    private final Configuration conf;
    private final UserGroupInformation service;
    private final boolean keytabLogin;
    private final Acting serviceActing;
    private final ConcurrentMap<String, Acting> accounts = new ConcurrentHashMap<>();

    public Identities(URI uri, Configuration conf, UserGroupInformation service, boolean keytabLogin)
            throws IOException {
        this.uri = uri;
        this.conf = conf;
        this.service = service;
        this.keytabLogin = keytabLogin;
        this.serviceActing = new Acting(service, open(service));
    }

    private DistributedFileSystem open(UserGroupInformation ugi) throws IOException {
        FileSystem fs = doAs(ugi, () -> FileSystem.newInstance(uri, conf));
        if (fs instanceof DistributedFileSystem dfs) {
            return dfs;
        }
        fs.close();
        throw new IOException(uri + " is not served by HDFS's DistributedFileSystem but by " + fs.getClass());
    }

    /** The name the service acts as (the proxy users' real user). */
    public String serviceName() {
        return service.getShortUserName();
    }

    /** How many accounts have an HDFS client open (one each, however many calls were made). */
    public int accountClients() {
        return accounts.size();
    }

    /** Runs {@code call} as the mapped account. */
    public <T> T as(Account account, HdfsCall<T> call) throws IOException {
        Acting a = acting(account);
        return doAs(a.ugi, () -> call.call(a.fs));
    }

    /** Runs {@code call} as the service identity itself (stored checksums, space figures). */
    public <T> T asService(HdfsCall<T> call) throws IOException {
        return doAs(service, () -> call.call(serviceActing.fs));
    }

    /** The account's primary group as the Hadoop client's group mapping names it, if it has one. */
    public Optional<String> primaryGroup(Account account) {
        try {
            return Optional.of(acting(account).ugi.getPrimaryGroupName());
        } catch (IOException e) {
            LOG.debug("no primary group for {}: {}", account.name(), e.toString());
            return Optional.empty();
        }
    }

    private Acting acting(Account account) throws IOException {
        if (keytabLogin) {
            service.checkTGTAndReloginFromKeytab();
        }
        Acting a = accounts.get(account.name());
        if (a != null) {
            return a;
        }
        UserGroupInformation proxy = UserGroupInformation.createProxyUser(account.name(), service);
        Acting fresh = new Acting(proxy, open(proxy));
        Acting raced = accounts.putIfAbsent(account.name(), fresh);
        if (raced != null) {
            fresh.fs.close();
            return raced;
        }
        LOG.debug("HDFS client for {} as proxy of {}", account.name(), service.getShortUserName());
        return fresh;
    }

    private static <T> T doAs(UserGroupInformation ugi, PrivilegedExceptionAction<T> action) throws IOException {
        try {
            return ugi.doAs(action);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while talking to HDFS");
        }
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (Acting a : accounts.values()) {
            first = closeQuietly(a.fs, first);
        }
        accounts.clear();
        first = closeQuietly(serviceActing.fs, first);
        if (first != null) {
            throw first;
        }
    }

    private static IOException closeQuietly(FileSystem fs, IOException first) {
        try {
            fs.close();
            return first;
        } catch (IOException e) {
            if (first != null) {
                first.addSuppressed(e);
                return first;
            }
            return e;
        }
    }
}
