package org.opensrm.stores;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opensrm.testkit.PostgresCluster;

/**
 * One real PostgreSQL for every test class of the run that registers this extension (started on first use,
 * stopped when the run ends); each fixture gets a database of its own.
 */
public final class SharedPostgres implements BeforeAllCallback {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(SharedPostgres.class);

    private final AtomicInteger databases = new AtomicInteger();
    private volatile PostgresCluster cluster;

    @Override
    public void beforeAll(ExtensionContext context) {
        cluster = context.getRoot().getStore(NS)
                .getOrComputeIfAbsent("cluster", k -> new Closing(start()), Closing.class).cluster;
    }

    /** A store fixture over a new, empty database, with a pool of 4 connections. */
    public PostgresFixture newFixture() throws IOException {
        return newFixture(4);
    }

    /** A store fixture over a new, empty database, with a pool of {@code poolSize} connections. */
    public PostgresFixture newFixture(int poolSize) throws IOException {
        String db = "t" + System.nanoTime() + "_" + databases.incrementAndGet();
        return new PostgresFixture(cluster.createDatabase(db), poolSize);
    }

    private static PostgresCluster start() {
        try {
            return PostgresCluster.create();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private record Closing(PostgresCluster cluster) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            cluster.close();
        }
    }
}
