package org.opensrm.backend.hdfs;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.security.UserGroupInformation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An embedded single-node HDFS (one NameNode, one DataNode) for development ({@code --dev-hdfs}) and tests. It
 * uses Hadoop's {@code MiniDFSCluster}, which lives only in {@code hadoop-client-minicluster}; that artifact is
 * looked up reflectively, so this class loads, and {@link #available()} answers, without it on the classpath.
 *
 * <p>The process's user is the HDFS superuser and may impersonate anyone, as the backend needs. The root is
 * created with mode 1777 so that every mapped account can work in it.
 */
public final class DevHdfsCluster implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DevHdfsCluster.class);
    private static final String MINI_DFS = "org.apache.hadoop.hdfs.MiniDFSCluster";

    private final Object cluster;
    private final URI uri;
    private final String root;

    private DevHdfsCluster(Object cluster, URI uri, String root) {
        this.cluster = cluster;
        this.uri = uri;
        this.root = root;
    }

    /** Whether {@code hadoop-client-minicluster} is on the classpath. */
    public static boolean available() {
        try {
            Class.forName(MINI_DFS + "$Builder", false, DevHdfsCluster.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Starts on an ephemeral NameNode port with the development defaults. */
    public static DevHdfsCluster start(Path baseDir, String root) throws IOException {
        return start(baseDir, root, 0, Map.of());
    }

    /**
     * Starts a cluster keeping its data under {@code baseDir} (formatted afresh).
     *
     * @param nameNodePort  0 for an ephemeral port
     * @param hadoopProperties overrides of the development defaults (e.g. {@code dfs.blocksize})
     * @throws IOException also when {@code hadoop-client-minicluster} is missing
     */
    public static DevHdfsCluster start(Path baseDir, String root, int nameNodePort,
                                       Map<String, String> hadoopProperties) throws IOException {
        if (!available()) {
            throw new IOException("--dev-hdfs needs org.apache.hadoop:hadoop-client-minicluster on the classpath");
        }
        Files.createDirectories(baseDir);
        Configuration conf = developmentConfiguration(baseDir);
        hadoopProperties.forEach(conf::set);
        Object cluster = build(conf, baseDir.toFile(), nameNodePort);
        URI uri = (URI) invoke(cluster, "getURI");
        try (FileSystem fs = FileSystem.newInstance(uri, conf)) {
            org.apache.hadoop.fs.Path r = new org.apache.hadoop.fs.Path(root);
            fs.mkdirs(r);
            fs.setPermission(r, new FsPermission((short) 01777));
        } catch (IOException | RuntimeException e) {
            invoke(cluster, "shutdown");
            throw e;
        }
        LOG.info("development HDFS at {} (data in {}), root {}", uri, baseDir, root);
        return new DevHdfsCluster(cluster, uri, root);
    }

    private static Configuration developmentConfiguration(Path baseDir) throws IOException {
        Configuration conf = new HdfsConfiguration();
        String me = UserGroupInformation.getCurrentUser().getShortUserName();
        conf.set("hadoop.proxyuser." + me + ".hosts", "*");
        conf.set("hadoop.proxyuser." + me + ".groups", "*");
        conf.set("hdfs.minidfs.basedir", baseDir.toAbsolutePath().toString());
        conf.set("hadoop.tmp.dir", baseDir.resolve("tmp").toAbsolutePath().toString());
        conf.setInt("dfs.replication", 1);
        conf.setBoolean("dfs.permissions.enabled", true);
        conf.setBoolean("dfs.namenode.acls.enabled", true);
        conf.setBoolean("dfs.namenode.xattrs.enabled", true);
        conf.setInt("dfs.namenode.safemode.extension", 0);
        conf.setInt("dfs.namenode.handler.count", 4);
        conf.setInt("dfs.namenode.service.handler.count", 2);
        conf.setInt("dfs.datanode.handler.count", 2);
        conf.setInt("dfs.heartbeat.interval", 1);
        conf.setBoolean("dfs.client.block.write.replace-datanode-on-failure.enable", false);
        conf.setInt("ipc.client.connect.max.retries", 2);
        conf.setInt("ipc.client.connect.timeout", 5000);
        return conf;
    }

    private static Object build(Configuration conf, File baseDir, int port) throws IOException {
        try {
            Class<?> builderClass = Class.forName(MINI_DFS + "$Builder");
            Object b = builderClass.getConstructor(Configuration.class, File.class).newInstance(conf, baseDir);
            b = builderClass.getMethod("numDataNodes", int.class).invoke(b, 1);
            b = builderClass.getMethod("nameNodePort", int.class).invoke(b, port);
            b = builderClass.getMethod("format", boolean.class).invoke(b, true);
            return builderClass.getMethod("build").invoke(b);
        } catch (InvocationTargetException e) {
            throw asIo(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IOException("unexpected MiniDFSCluster API", e);
        }
    }

    private static Object invoke(Object target, String method) throws IOException {
        try {
            return target.getClass().getMethod(method).invoke(target);
        } catch (InvocationTargetException e) {
            throw asIo(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IOException("unexpected MiniDFSCluster API", e);
        }
    }

    private static IOException asIo(Throwable t) {
        return t instanceof IOException io ? io : new IOException(t);
    }

    /** Stops the NameNode (the DataNodes keep running), as a NameNode that crashed or is being restarted. */
    public void stopNameNode() throws IOException {
        invoke(cluster, "shutdownNameNode", 0);
        LOG.info("development HDFS at {}: NameNode stopped", uri);
    }

    /**
     * Starts the NameNode again on the same address (stopping it first if it runs) and returns once the cluster
     * is active again (its DataNodes registered).
     */
    public void restartNameNode() throws IOException {
        invoke(cluster, "restartNameNode", 0);
        LOG.info("development HDFS at {}: NameNode restarted", uri);
    }

    private static void invoke(Object target, String method, int index) throws IOException {
        try {
            target.getClass().getMethod(method, int.class).invoke(target, index);
        } catch (InvocationTargetException e) {
            throw asIo(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IOException("unexpected MiniDFSCluster API", e);
        }
    }

    /** {@code hdfs://127.0.0.1:port} of the NameNode. */
    public URI uri() {
        return uri;
    }

    public String root() {
        return root;
    }

    /** A backend configuration for this cluster, to be completed by the caller. */
    public HdfsBackendConfig.Builder backendConfig() {
        return HdfsBackendConfig.builder().uri(uri).root(root);
    }

    @Override
    public void close() throws IOException {
        invoke(cluster, "shutdown");
        LOG.info("development HDFS at {} stopped", uri);
    }
}
