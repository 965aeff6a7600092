package org.opensrm.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.server.config.ConfigException;
import org.opensrm.server.config.RawConfig;
import org.opensrm.server.config.ServerConfig;

/**
 * Issue 22, point 16: the files a valid configuration names and the server reads while it is built (host
 * certificate and key, CA directory, macaroon secret, ban list, grid-mapfile) are checked before anything starts,
 * and every one that is wrong is reported at once, one per line, not only the first; nothing is left running.
 */
class StartupFilesAllAtOnceTest {
    @TempDir
    Path dir;

    @Test
    void everyMissingFileTheServerReadsIsReportedAtOnce() throws Exception {
        Path root = Files.createDirectory(dir.resolve("root"));
        Map<String, String> settings = new HashMap<>(Map.of(
                "srm.token.key", "startup-files-test-key",
                "srm.hostcert", dir.resolve("no-hostcert.pem").toString(),
                "srm.hostkey", dir.resolve("no-hostkey.pem").toString(),
                "srm.cadir", dir.resolve("no-certificates").toString(),
                "srm.gridmap", dir.resolve("no-grid-mapfile").toString(),
                "srm.banlist", dir.resolve("no-ban-list").toString(),
                "doors.macaroon.secret", dir.resolve("no-macaroon.secret").toString(),
                "doors.macaroon.location", "TEST",
                "srm.state.dir", dir.resolve("state").toString(),
                "backend.root", root.toString()));
        ServerConfig config = ServerConfig.from(RawConfig.of(settings));
        ConfigException e = assertThrows(ConfigException.class, () -> new SrmServer(config).close());
        List<String> expected = List.of("no-hostcert.pem does not exist",
                "the host key " + dir.resolve("no-hostkey.pem"),
                "the CA directory " + dir.resolve("no-certificates"), "'doors.macaroon.secret'",
                "ban list " + dir.resolve("no-ban-list"), "grid-mapfile " + dir.resolve("no-grid-mapfile"));
        for (String one : expected) {
            assertEquals(1, e.problems().stream().filter(l -> l.contains(one)).count(),
                    () -> "one line with '" + one + "' in " + e.problems());
        }
        assertEquals(expected.size(), e.problems().size(), e.getMessage());
        assertEquals(e.problems(), List.of(e.getMessage().split("\n")));
    }
}
