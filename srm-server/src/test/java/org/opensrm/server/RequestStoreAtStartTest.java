package org.opensrm.server;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.server.config.RawConfig;
import org.opensrm.server.config.ServerConfig;

/**
 * Full mode's request store that cannot be opened stops the start with one sentence that names the store and says
 * why, before anything listens.
 */
class RequestStoreAtStartTest {
    @TempDir
    Path dir;

    private ServerConfig fullMode(Map<String, String> store) throws Exception {
        Map<String, String> m = new HashMap<>(Map.of("srm.token.key", "store-at-start-test-key-0123",
                "srm.host", "127.0.0.1", "srm.port", "0", "srm.surl.hosts", "localhost",
                "backend.root", Files.createDirectories(dir.resolve("root")).toString(),
                "srm.state.dir", dir.resolve("state").toString(), "srm.mode", "full"));
        // the files the server checks before it opens its store are there, so that the store is what fails
        Path grid = Files.createDirectories(dir.resolve("grid-security"));
        m.put("srm.hostkey", Files.writeString(grid.resolve("hostkey.pem"), "not read before the store").toString());
        m.put("srm.cadir", Files.createDirectories(grid.resolve("certificates")).toString());
        m.put("srm.gridmap", Files.writeString(grid.resolve("grid-mapfile"), "").toString());
        m.putAll(store);
        return ServerConfig.from(RawConfig.of(m));
    }

    @Test
    void anUnreachableDatabaseIsNamedWithTheReason() throws Exception {
        try (Socket refusing = new Socket()) { // bound, never listening: every connection is refused
            refusing.bind(new InetSocketAddress("127.0.0.1", 0));
            String url = "jdbc:postgresql://127.0.0.1:" + refusing.getLocalPort() + "/srm";
            ServerConfig config = fullMode(Map.of("srm.store", "postgresql", "srm.store.postgresql.url", url,
                    "srm.store.postgresql.connect.timeout", "500ms"));
            IOException e = assertThrows(IOException.class, () -> new SrmServer(config).close());
            assertTrue(e.getMessage().startsWith("the request store (srm.store=postgresql at " + url
                    + " as opensrm) cannot be opened: "), e.getMessage());
            assertTrue(e.getMessage().toLowerCase().contains("refused"), e.getMessage());
        }
    }

    @Test
    void anEmbeddedStoreThatCannotBeMadeIsNamed() throws Exception {
        Files.writeString(dir.resolve("state"), "a file where the state directory should be");
        IOException e = assertThrows(IOException.class, () -> new SrmServer(fullMode(Map.of())).close());
        assertTrue(e.getMessage().startsWith("the request store (srm.store=embedded in " + dir.resolve("state")
                .resolve("requests.db") + ") cannot be opened: "), e.getMessage());
    }
}
