package org.opensrm.backend.hdfs;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One embedded HDFS for the whole test JVM, kept in JUnit's root store (so it is started on first use and shut
 * down when the run ends) and reached from every test class through its own instance of this extension:
 * {@code @RegisterExtension static final SharedHdfs HDFS = new SharedHdfs();}.
 */
public final class SharedHdfs implements BeforeAllCallback {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(SharedHdfs.class);

    /** Listings come in pages of this many entries, so page counting needs no huge directories. */
    public static final int LISTING_PAGE = 100;

    private Running running;

    /** The cluster and its lifetime in the root store. */
    public static final class Running implements ExtensionContext.Store.CloseableResource {
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
        Path base = Path.of(System.getProperty("test.build.data", "target/test/data"), "minidfs-"
                + UUID.randomUUID());
        try {
            return new Running(DevHdfsCluster.start(base, "/srm", 0, Map.of(
                    "dfs.blocksize", Integer.toString(1 << 20),
                    "dfs.ls.limit", Integer.toString(LISTING_PAGE))));
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the test HDFS", e);
        }
    }

    public DevHdfsCluster cluster() {
        if (running == null) {
            throw new IllegalStateException("register SharedHdfs as a static @RegisterExtension field");
        }
        return running.cluster;
    }

    /** A fixture over a fresh, empty, world-writable directory below the cluster's root. */
    public HdfsFixture newFixture() throws IOException {
        return new HdfsFixture(cluster(), cluster().root() + "/t-" + UUID.randomUUID());
    }
}
