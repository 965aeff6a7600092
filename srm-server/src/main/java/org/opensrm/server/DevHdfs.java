package org.opensrm.server;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.opensrm.backend.hdfs.DevHdfsCluster;
import org.opensrm.server.config.ConfigException;

/**
 * {@code srm-server --dev-hdfs}: the development setup on an embedded single-node HDFS (Hadoop's
 * MiniDFSCluster, shipped only in the development class path {@code lib-dev/}), stopped with the JVM.
 */
final class DevHdfs {
    static final String ROOT = "/srm";

    private DevHdfs() {
    }

    /** Starts the cluster and returns the settings that point the server at it. */
    static List<String> start(Path devDir) throws IOException, ConfigException {
        if (!DevHdfsCluster.available()) {
            throw new ConfigException("--dev-hdfs needs Hadoop's minicluster on the class path "
                    + "(srm-server/target/lib-dev, made by the build)");
        }
        DevHdfsCluster cluster = DevHdfsCluster.start(devDir.resolve("hdfs"), ROOT);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                cluster.close();
            } catch (IOException e) {
                System.err.println("stopping the development HDFS: " + e);
            }
        }, "dev-hdfs-stop"));
        return List.of("backend=hdfs", "backend.hdfs.uri=" + cluster.uri(), "backend.root=" + cluster.root());
    }
}
