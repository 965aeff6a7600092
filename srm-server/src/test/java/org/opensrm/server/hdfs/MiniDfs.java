package org.opensrm.server.hdfs;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opensrm.backend.hdfs.DevHdfsCluster;

/**
 * One embedded HDFS (MiniDFSCluster through {@link DevHdfsCluster}) for every test class of this package in a
 * test JVM: started on first use, kept in JUnit's root store, shut down when the run ends. Register it with
 * {@code @RegisterExtension static final MiniDfs HDFS = new MiniDfs();}. Each test class works below its own
 * fresh directory of the cluster's root ({@link HdfsSite}).
 */
final class MiniDfs implements BeforeAllCallback {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(MiniDfs.class);

    private Running running;

    /** The cluster and its lifetime in the root store. */
    static final class Running implements ExtensionContext.Store.CloseableResource {
        private final DevHdfsCluster cluster;

        Running(DevHdfsCluster cluster) {
            this.cluster = cluster;
        }

        @Override
        public void close() throws IOException {
            cluster.close();
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        running = context.getRoot().getStore(NS).getOrComputeIfAbsent(Running.class, k -> start(), Running.class);
    }

    private static Running start() {
        Path base = Path.of(System.getProperty("test.build.data", "target/test/data"), "srm-minidfs-"
                + UUID.randomUUID());
        try {
            // small blocks: the tests write small files; the NameNode's listing page stays at its default
            return new Running(DevHdfsCluster.start(base.toAbsolutePath(), "/srm", 0,
                    Map.of("dfs.blocksize", Integer.toString(1 << 20))));
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the test HDFS", e);
        }
    }

    DevHdfsCluster cluster() {
        if (running == null) {
            throw new IllegalStateException("register MiniDfs as a static @RegisterExtension field");
        }
        return running.cluster;
    }
}
