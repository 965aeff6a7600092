package org.opensrm.server;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.opensrm.backend.hdfs.DevHdfsCluster;
import org.opensrm.server.config.ConfigException;

/**
 * {@code srm-server --dev-hdfs}: the development setup on an embedded single-node HDFS (Hadoop's
 * MiniDFSCluster, shipped only in the development class path {@code lib-dev/}), which lives as long as the JVM.
 *
 * <p>The cluster is formatted afresh on every start, so it is not shut down at exit: stopping it from a JVM
 * shutdown hook makes the DataNode's block-pool shutdown call Hadoop's {@code ShutdownHookManager}, which refuses
 * while the JVM is shutting down and printed an {@code IllegalStateException} stack trace on every Ctrl-C.
 *
 * <p>There is no GridFTP door here: a door that writes into HDFS is a {@code globus-gridftp-server} with an HDFS
 * storage interface (a DSI module built against libhdfs), which neither Debian nor this project ships. Namespace
 * operations work; transfer requests are answered per file {@code SRM_FAILURE} ("no GridFTP node is
 * configured"), and {@link #instructions} says so.
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
        return List.of("backend=hdfs", "backend.hdfs.uri=" + cluster.uri(), "backend.root=" + cluster.root(),
                "gridftp.nodes=");
    }

    /** What the development server on HDFS prints once it is up: what works, what does not, and why. */
    static String instructions(DevSetup setup, int port, String serving) {
        String srm = "srm://localhost:" + port + "/";
        return "\nOpenSRM development server is up on port " + port + ", serving " + serving + ".\n"
                + "Namespace operations work (first the client environment, once per shell):\n\n"
                + "  " + setup.clientEnvironment() + "\n"
                + "  gfal-mkdir " + srm + "dir\n"
                + "  gfal-ls -l " + srm + "\n"
                + "  gfal-rename " + srm + "dir " + srm + "renamed\n"
                + "  gfal-rm -r " + srm + "renamed\n\n"
                + "Transfers (gfal-copy) do not work here: the SRM hands them to GridFTP doors, and a door that\n"
                + "writes into HDFS is a globus-gridftp-server with an HDFS storage interface (DSI), which Debian does\n"
                + "not package and this development setup cannot start. A transfer request is answered SRM_FAILURE\n"
                + "\"no GridFTP node is configured\". How a site runs HDFS-capable doors and lists them in\n"
                + "gridftp.nodes: docs/hdfs.md, section 7. For transfers on this machine: bin/srm-server --dev.\n\n"
                + "Ctrl-C stops the server and the embedded HDFS.\n";
    }
}
