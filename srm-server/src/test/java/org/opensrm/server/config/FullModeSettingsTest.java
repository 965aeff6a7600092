package org.opensrm.server.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.stores.PostgresStoreConfig;
import org.opensrm.core.RequestKind;

/** {@code srm.mode}, {@code srm.store*} and full mode's scheduler and lifetime keys, with their defaults and errors. */
class FullModeSettingsTest {
    private static final String URL = "jdbc:postgresql://127.0.0.1:5432/srm";

    @TempDir
    Path dir;

    private static ServerConfig config(String... keyValues) throws Exception {
        Map<String, String> m = new HashMap<>();
        m.put("srm.token.key", "a-token-key-of-24-chars!");
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return ServerConfig.from(RawConfig.of(m));
    }

    private static String refused(String... keyValues) {
        return assertThrows(ConfigException.class, () -> config(keyValues)).getMessage();
    }

    private Path passwordFile(String text, String mode) throws Exception {
        Path f = Files.writeString(dir.resolve("pgpass"), text);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(mode));
        return f;
    }

    @Test
    void gatewayIsTheDefaultAndFullModeStartsOnTheEmbeddedStoreWithTheDocumentedLimits() throws Exception {
        assertFalse(config().fullMode());
        assertEquals("gateway", config().mode());
        ServerConfig c = config("srm.mode", "full");
        assertTrue(c.fullMode());
        FullModeSettings f = c.full();
        assertEquals("embedded", f.store());
        assertEquals(Optional.empty(), f.postgres());
        assertEquals(100_000, f.scheduler().maxQueuedFiles());
        assertEquals(4, f.scheduler().maxInProgress(RequestKind.GET));
        assertEquals(4, f.scheduler().maxInProgress(RequestKind.PUT));
        assertEquals(4, f.scheduler().maxInProgress(RequestKind.BRING_ONLINE));
        assertEquals(4, f.scheduler().maxInProgress(RequestKind.LS));
        assertEquals(Duration.ofHours(1), f.requestLifetime());
        assertEquals(Duration.ofHours(24), f.requestLifetimeMax());
        assertEquals(Duration.ofHours(1), f.pinLifetime());
        assertEquals(Duration.ofHours(24), f.pinLifetimeMax());
        assertEquals(Duration.ofHours(4), f.turlLifetime());
        assertEquals(100, f.lsAsyncThreshold());
        assertEquals(1, f.lsAsyncLevels());
        assertEquals(Duration.ofDays(1), f.finishedRetention());
        assertEquals(Duration.ofSeconds(10), f.reaperInterval());
    }

    @Test
    void anUnknownModeOrStoreIsNamed() {
        String mode = refused("srm.mode", "queued");
        assertTrue(mode.contains("'srm.mode'") && mode.contains("gateway | full"), mode);
        String store = refused("srm.mode", "full", "srm.store", "mysql");
        assertTrue(store.contains("'srm.store'") && store.contains("embedded | postgresql"), store);
    }

    @Test
    void schedulerLimitsAreReadPerKind() throws Exception {
        FullModeSettings f = config("srm.mode", "full", "srm.scheduler.queued.max", "10",
                "srm.scheduler.inprogress.get", "1", "srm.scheduler.inprogress.put", "2",
                "srm.scheduler.inprogress.bringonline", "3", "srm.scheduler.inprogress.ls", "4").full();
        assertEquals(10, f.scheduler().maxQueuedFiles());
        assertEquals(1, f.scheduler().maxInProgress(RequestKind.GET));
        assertEquals(2, f.scheduler().maxInProgress(RequestKind.PUT));
        assertEquals(3, f.scheduler().maxInProgress(RequestKind.BRING_ONLINE));
        assertEquals(4, f.scheduler().maxInProgress(RequestKind.LS));
        String zero = refused("srm.scheduler.inprogress.put", "0");
        assertTrue(zero.contains("'srm.scheduler.inprogress.put' must be between 1 and 1024"), zero);
    }

    @Test
    void lifetimesAreCheckedAgainstEachOther() {
        String pin = refused("srm.pin.lifetime", "2d", "srm.pin.lifetime.max", "1d");
        assertTrue(pin.contains("'srm.pin.lifetime'") && pin.contains("srm.pin.lifetime.max"), pin);
        String request = refused("srm.request.lifetime", "25h");
        assertTrue(request.contains("'srm.request.lifetime' (25h) must not exceed srm.request.lifetime.max (24h)"),
                request);
        assertTrue(refused("srm.turl.lifetime", "0s").contains("'srm.turl.lifetime' must be longer than 0"));
        assertTrue(refused("srm.reaper.interval", "10ms").contains("'srm.reaper.interval' must be at least 100ms"));
        assertTrue(refused("srm.requests.finished.retention", "soon").contains("'srm.requests.finished.retention'"));
        assertTrue(refused("srm.ls.async.threshold", "-1").contains("'srm.ls.async.threshold'"));
        assertTrue(refused("srm.requests.finished.retention", "0s").contains("must be longer than 0"));
    }

    @Test
    void postgresqlKeysAreRequiredOnlyWhenFullModeUsesIt() throws Exception {
        assertEquals(Optional.empty(), config("srm.store", "postgresql").full().postgres(), "gateway mode: not read");
        assertTrue(refused("srm.mode", "full", "srm.store", "postgresql")
                .contains("'srm.store.postgresql.url' must be set"));
        String url = refused("srm.mode", "full", "srm.store", "postgresql", "srm.store.postgresql.url",
                "postgresql://db/srm");
        assertTrue(url.contains("'srm.store.postgresql.url'") && url.contains("jdbc:postgresql://"), url);
        String timeout = refused("srm.mode", "full", "srm.store", "postgresql", "srm.store.postgresql.url", URL,
                "srm.store.postgresql.connect.timeout", "100ms");
        assertTrue(timeout.contains("'srm.store.postgresql.connect.timeout' must be at least 250ms"), timeout);
        String idle = refused("srm.mode", "full", "srm.store", "postgresql", "srm.store.postgresql.url", URL,
                "srm.store.postgresql.idle.in.transaction.timeout", "500ms");
        assertTrue(idle.contains("'srm.store.postgresql.idle.in.transaction.timeout' must be 0"), idle);
        assertEquals(Duration.ZERO, config("srm.mode", "full", "srm.store", "postgresql", "srm.store.postgresql.url",
                URL, "srm.store.postgresql.idle.in.transaction.timeout", "0").full().postgres().orElseThrow()
                .idleInTransactionTimeout(), "0: the database's own setting");
    }

    @Test
    void postgresqlSettingsMapOntoTheStoreConfigWithTheDefaults() throws Exception {
        PostgresStoreConfig pg = config("srm.mode", "full", "srm.store", "postgresql", "srm.store.postgresql.url", URL)
                .full().postgres().orElseThrow();
        assertEquals(URL, pg.jdbcUrl());
        assertEquals("opensrm", pg.user());
        assertEquals("", pg.password());
        assertEquals(24, pg.poolSize());
        assertEquals(Duration.ofSeconds(2), pg.connectTimeout());
        assertEquals(Duration.ofSeconds(10), pg.queryTimeout());
        assertEquals(Duration.ofSeconds(5), pg.idleInTransactionTimeout());
    }

    @Test
    void thePasswordIsTheFirstLineOfAFileOnlyTheServerReads() throws Exception {
        Path file = passwordFile("s3cret-Pw\nignored\n", "rw-r-----");
        ServerConfig c = config("srm.mode", "full", "srm.store", "postgresql", "srm.store.postgresql.url", URL,
                "srm.store.postgresql.user", "srm", "srm.store.postgresql.password.file", file.toString(),
                "srm.store.postgresql.pool.size", "3");
        PostgresStoreConfig pg = c.full().postgres().orElseThrow();
        assertEquals("s3cret-Pw", pg.password());
        assertEquals("srm", pg.user());
        assertEquals(3, pg.poolSize());
        assertFalse(c.toString().contains("s3cret-Pw"), "the password never shows in the configuration's text");
    }

    @Test
    void aPasswordFileEveryoneCanReadOrThatIsMissingOrEmptyStopsTheStart() throws Exception {
        Path open = passwordFile("pw\n", "rw-r--r--");
        String[] base = {"srm.mode", "full", "srm.store", "postgresql", "srm.store.postgresql.url", URL,
                "srm.store.postgresql.password.file"};
        String world = refused(with(base, open.toString()));
        assertTrue(world.contains("'srm.store.postgresql.password.file'") && world.contains("readable by every user")
                && world.contains("chmod 600"), world);
        String missing = refused(with(base, dir.resolve("nothing").toString()));
        assertTrue(missing.contains("does not exist"), missing);
        Files.delete(open);
        Path empty = passwordFile("\n", "rw-------");
        assertTrue(refused(with(base, empty.toString())).contains("is empty"));
    }

    private static String[] with(String[] base, String last) {
        String[] all = java.util.Arrays.copyOf(base, base.length + 1);
        all[base.length] = last;
        return all;
    }

    @Test
    void frontendsSharingTheStoreAreNamedAndTakeOverAfterTheDocumentedDelay() throws Exception {
        FullModeSettings f = config("srm.mode", "full").full();
        assertEquals(Optional.empty(), f.frontendName(), "the host's name and state directory by default");
        assertEquals(Duration.ofSeconds(20), f.takeoverDelay());
        FullModeSettings named = config("srm.mode", "full", "srm.frontend.name", " srm-2 ",
                "srm.frontend.takeover.delay", "5s").full();
        assertEquals(Optional.of("srm-2"), named.frontendName());
        assertEquals(Duration.ofSeconds(5), named.takeoverDelay());
        assertTrue(refused("srm.mode", "full", "srm.frontend.takeover.delay", "500ms")
                .contains("'srm.frontend.takeover.delay' must be at least 1s"));
    }
}
