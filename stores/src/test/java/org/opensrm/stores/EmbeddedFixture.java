package org.opensrm.stores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.stream.Stream;
import org.opensrm.common.SrmException;
import org.opensrm.core.RequestStore;
import org.opensrm.core.contract.StoreFixture;

/** The embedded store over a temporary state directory. */
public final class EmbeddedFixture implements StoreFixture {
    private final Path dir;

    public EmbeddedFixture() throws IOException {
        dir = Files.createTempDirectory("opensrm-state-");
    }

    Path dir() {
        return dir;
    }

    @Override
    public RequestStore open(Clock clock) throws SrmException {
        return RequestStores.embedded(dir, clock);
    }

    @Override
    public void close() throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
