package org.opensrm.server.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22, point 16: every configuration error is reported at once, one per line (unknown keys, bad values,
 * keys that do not go together, a malformed {@code --set}, files the keys name), by {@link ServerConfig#from} and
 * by the launcher's exit message; a single error reads as it always did. (The files the server itself reads while
 * it is built: {@code org.opensrm.server.StartupFilesAllAtOnceTest}.)
 */
@Tag("integration")
class ConfigErrorsAllAtOnceTest {
    private static final String FILE = String.join("\n",
            "srm.token.key=0123456789abcdef",
            "srm.prot=8443",
            "srm.port=eighty",
            "srm.put.lifetime=4x",
            "gridftp.selector=fastest",
            "backend.root=relative/root",
            "jetty.threads.min=50",
            "jetty.threads.max=20",
            "srm.authz.mappers=gridmap,nosuch",
            "space.reservation.default-lifetime=0s",
            "");
    private static final List<String> EXPECTED = List.of(
            "unknown configuration key 'srm.prot'",
            "--set needs key=value, got 'ls.max.entries'",
            "'srm.port' must be a whole number, got 'eighty'",
            "'srm.put.lifetime' must be a duration",
            "'gridftp.selector' must be one of random | roundrobin | loadprobe, got 'fastest'",
            "'backend.root' must be an absolute path",
            "'jetty.threads.max' (20) must not be below jetty.threads.min (50)",
            "'srm.authz.mappers' must list one or more of",
            "'space.reservation.default-lifetime' must be positive");

    @TempDir
    Path dir;

    private static void assertEachOnItsOwnLine(List<String> lines) {
        for (String expected : EXPECTED) {
            assertEquals(1, lines.stream().filter(l -> l.contains(expected)).count(),
                    () -> "one line with '" + expected + "' in " + lines);
        }
    }

    @Test
    void serverConfigReportsEveryProblemOnePerLine() throws Exception {
        Path conf = Files.writeString(dir.resolve("srm.conf"), FILE);
        ConfigException e = assertThrows(ConfigException.class,
                () -> ServerConfig.from(RawConfig.load(conf, List.of("ls.max.entries"))));
        assertEquals(EXPECTED.size(), e.problems().size(), e.getMessage());
        assertEquals(e.problems(), List.of(e.getMessage().split("\n")));
        assertEachOnItsOwnLine(e.problems());
    }

    @Test
    void oneProblemReadsAsBefore() {
        ConfigException e = assertThrows(ConfigException.class, () -> ServerConfig.from(RawConfig.of(Map.of(
                "srm.token.key", "0123456789abcdef", "srm.port", "eighty"))));
        assertEquals("configuration key 'srm.port' must be a whole number, got 'eighty'", e.getMessage());
    }

    /**
     * Checks that used to end the reading at once — the database password file, file:// access, the macaroon keys —
     * are reported with every other problem, before and after them.
     */
    @Test
    void aPasswordFileAndTheChecksAfterItAreAllReported() throws Exception {
        Path password = Files.writeString(dir.resolve("pg.password"), "secret\n");
        Files.setPosixFilePermissions(password, PosixFilePermissions.fromString("rw-r--r--"));
        Map<String, String> settings = new HashMap<>(Map.of(
                "srm.token.key", "0123456789abcdef", "srm.port", "eighty", "srm.mode", "full",
                "srm.store", "postgresql", "srm.store.postgresql.url", "jdbc:postgresql://127.0.0.1:1/opensrm",
                "srm.store.postgresql.user", "opensrm", "srm.store.postgresql.password.file", password.toString(),
                "file.access", "true", "file.prefix", "relative/prefix"));
        settings.put("doors.macaroon.secret", "relative.secret");
        settings.put("doors.macaroon.location", "not a site name");
        settings.put("srm.put.idle", "0s");
        ConfigException e = assertThrows(ConfigException.class, () -> ServerConfig.from(RawConfig.of(settings)));
        List<String> expected = List.of("'srm.port' must be a whole number",
                "'srm.store.postgresql.password.file': " + password + " is readable by every user",
                "'file.prefix' must be an absolute path", "'doors.macaroon.secret' must be an absolute path",
                "'doors.macaroon.location' must be the doors' all.sitename", "'srm.put.idle' must be longer than 0");
        for (String one : expected) {
            assertEquals(1, e.problems().stream().filter(l -> l.contains(one)).count(),
                    () -> "one line with '" + one + "' in " + e.problems());
        }
        assertEquals(expected.size(), e.problems().size(), e.getMessage());
    }

    @Test
    void unknownKeysGivenDirectlyAreAllNamedAtOnce() {
        ConfigException e = assertThrows(ConfigException.class, () -> RawConfig.of(Map.of("srm.prot", "1",
                "jetty.thread.max", "2")));
        assertEquals(2, e.problems().size(), e.getMessage());
    }

    @Test
    void theLauncherExitsNamingEveryProblemOnePerLine() throws Exception {
        Path conf = Files.writeString(dir.resolve("srm.conf"), FILE);
        Path err = dir.resolve("stderr");
        Process launcher = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.opensrm.server.Main", "-c", conf.toString(),
                "--set", "ls.max.entries").redirectErrorStream(false).redirectError(err.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            assertTrue(launcher.waitFor(120, TimeUnit.SECONDS), "the launcher exits");
        } finally {
            launcher.destroyForcibly();
        }
        assertEquals(2, launcher.exitValue());
        List<String> lines = Files.readAllLines(err, StandardCharsets.UTF_8);
        assertTrue(lines.contains("srm-server: " + EXPECTED.size() + " configuration errors:"), lines.toString());
        assertEachOnItsOwnLine(lines);
    }
}
