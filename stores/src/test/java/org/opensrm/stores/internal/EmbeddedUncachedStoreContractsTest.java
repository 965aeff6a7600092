package org.opensrm.stores.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.stream.Stream;
import org.opensrm.common.SrmException;
import org.opensrm.core.RequestStore;
import org.opensrm.core.TokenGenerator;
import org.opensrm.core.contract.RequestStoreContracts;
import org.opensrm.core.contract.StoreFixture;

/**
 * Every request store contract suite on the embedded database read without {@link RecentRequests}: what SQLite
 * gives back is what was written (the store as opened by {@code RequestStores.embedded} reads what it wrote
 * last from memory, so its own binding compares fewer rows with what they were made from).
 */
class EmbeddedUncachedStoreContractsTest extends RequestStoreContracts {
    @Override
    protected StoreFixture newFixture() throws Exception {
        Path dir = Files.createTempDirectory("opensrm-uncached-");
        return new StoreFixture() {
            @Override
            public RequestStore open(Clock clock) throws SrmException {
                return new JdbcRequestStore(Databases.sqlite(dir.resolve("requests.db")), clock,
                        new TokenGenerator());
            }

            @Override
            public void close() throws IOException {
                try (Stream<Path> all = Files.walk(dir)) {
                    for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
        };
    }
}
