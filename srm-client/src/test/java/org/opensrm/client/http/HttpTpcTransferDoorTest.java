package org.opensrm.client.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import java.util.zip.Adler32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Tag;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.copy.CopyOutcome;
import org.opensrm.core.copy.CopyPeers;
import org.opensrm.core.copy.CopySpec;
import org.opensrm.core.copy.RunningTransfer;
import org.opensrm.core.macaroon.MacaroonSecret;
import org.opensrm.core.macaroon.TurlMacaroons;
import org.opensrm.core.macaroon.TurlMacaroons.Activity;
import org.opensrm.testkit.TestGrid;
import org.opensrm.testkit.XrootdServerProcess;

/**
 * {@link HttpTpcTransfer} against a real XRootD door (Debian's xrootd 5.5 with XrdHttpTPC and XrdMacaroons) that
 * copies from itself over HTTPS: the door is both this server's door (it receives the {@code COPY}) and the remote
 * (it serves the source to itself, authorised by the macaroon passed as {@code TransferHeaderAuthorization}). What
 * lands, the adler32 both ends report, a wrong expected adler32, a missing source, a refused token, and what is
 * refused before anything runs.
 */
@Timeout(300)
@Tag("integration")
class HttpTpcTransferDoorTest {
    @TempDir
    static Path tmp;
    static TestGrid grid;
    static Path data;
    static XrootdServerProcess door;
    static TurlMacaroons macaroons;
    static ExecutorService executor;
    static HttpTpcTransfer transfer;
    static byte[] content;

    @BeforeAll
    static void start() throws IOException {
        grid = TestGrid.create(tmp);
        data = Files.createTempDirectory(Path.of("/tmp"), "opensrm-tpc-data-");
        Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwxrwxrwx"));
        content = new byte[3_000_000];
        new Random(11).nextBytes(content);
        Files.write(data.resolve("source"), content);
        door = XrootdServerProcess.start(grid.xrootdServer("door", data)
                .directive("http.header2cgi Authorization authz").directive("tpc.trace info").build());
        macaroons = new TurlMacaroons(MacaroonSecret.read(door.macaroonSecret()), door.siteName(), Clock.systemUTC());
        executor = Executors.newCachedThreadPool();
        transfer = new HttpTpcTransfer(HttpTpcConfig.builder(grid.trustDir(), List.of("localhost:" + door.port()))
                .attempts(2).backoff(Duration.ZERO, Duration.ZERO).callTimeout(Duration.ofSeconds(30)).build(),
                executor);
    }

    @AfterAll
    static void stop() throws Exception {
        if (executor != null) {
            executor.shutdownNow();
            executor.awaitTermination(10, TimeUnit.SECONDS);
        }
        if (door != null) {
            door.close();
        }
        try (Stream<Path> all = Files.walk(data)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static URI turl(String name, Activity activity) {
        String path = data.resolve(name).toString();
        return URI.create(TurlMacaroons.withAuthz(door.httpsUrl(path),
                macaroons.mint(path, activity, "srmuser1", Instant.now().plusSeconds(300))));
    }

    private static CopyOutcome run(CopySpec spec) throws Exception {
        return transfer.start(spec, Optional::empty).outcome().get(120, TimeUnit.SECONDS);
    }

    private static String adler32(byte[] bytes) {
        Adler32 a = new Adler32();
        a.update(bytes);
        return String.format("%08x", a.getValue());
    }

    @Test
    void aPullLandsTheSameBytesAndReportsTheAdler32BothDoorsComputed() throws Exception {
        CopyOutcome o = run(new CopySpec(turl("source", Activity.READ), turl("pulled", Activity.WRITE), "t/0",
                Optional.of(adler32(content))));
        assertEquals(SrmStatus.SRM_SUCCESS, o.status(), o.explanation());
        assertEquals(Optional.of(adler32(content)), o.adler32());
        assertArrayEquals(content, Files.readAllBytes(data.resolve("pulled")));
        List<String> events = door.log().lines().filter(l -> l.contains("event=")).toList();
        assertTrue(events.stream().anyMatch(l -> l.contains("event=TRANSFER_SUCCESS")
                && l.contains(data.resolve("pulled").toString())), "the door ran the copy itself: " + events);
        assertTrue(events.stream().noneMatch(l -> l.contains("authz=")), "no token in the URLs the door logs");
    }

    @Test
    void anExpectedAdler32TheCopyDoesNotHaveFailsTheCopyAndRemovesIt() throws Exception {
        CopyOutcome o = run(new CopySpec(turl("source", Activity.READ), turl("mismatch", Activity.WRITE), "t/1",
                Optional.of("00000001")));
        assertEquals(SrmStatus.SRM_FAILURE, o.status(), o.explanation());
        assertTrue(o.explanation().contains("differs from the source's"), o.explanation());
        assertFalse(Files.exists(data.resolve("mismatch")), "the copy is removed");
    }

    @Test
    void aMissingSourceIsInvalidPathAtOnceAndLeavesNothing() throws Exception {
        CopyOutcome o = run(new CopySpec(turl("never-there", Activity.READ), turl("from-nothing", Activity.WRITE),
                "t/2"));
        assertEquals(SrmStatus.SRM_INVALID_PATH, o.status(), o.explanation());
        assertEquals(1, o.attempts(), "not retried");
        assertFalse(Files.exists(data.resolve("from-nothing")));
    }

    @Test
    void aSourceTokenForAnotherPathIsRefusedByTheDoor() throws Exception {
        URI other = turl("other", Activity.READ);
        URI source = URI.create(door.httpsUrl(data.resolve("source").toString()) + "?" + other.getRawQuery());
        CopyOutcome o = run(new CopySpec(source, turl("refused", Activity.WRITE), "t/3"));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, o.status(), o.explanation());
        assertFalse(Files.exists(data.resolve("refused")));
    }

    @Test
    void anAbortedCopyEndsAbortedAtOnceAndItsDestinationIsRemoved() throws Exception {
        Path big = data.resolve("big");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(2L << 30); // sparse: read fast, but moving it takes seconds
        }
        Path destination = data.resolve("big-copy");
        RunningTransfer running = transfer.start(new CopySpec(turl("big", Activity.READ),
                turl("big-copy", Activity.WRITE), "t/7"), Optional::empty);
        long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!Files.exists(destination) || Files.size(destination) == 0) {
            assertTrue(System.nanoTime() < until, "the copy never started writing");
            try { // waits on the outcome between looks: a copy that ended before its abort is a failure
                CopyOutcome early = running.outcome().get(50, TimeUnit.MILLISECONDS);
                throw new AssertionError("the copy ended before it was aborted: " + early);
            } catch (TimeoutException stillRunning) {
                // look again
            }
        }
        running.abort();
        CopyOutcome o = running.outcome().get(60, TimeUnit.SECONDS);
        assertEquals(SrmStatus.SRM_ABORTED, o.status(), o.explanation());
        assertFalse(Files.exists(destination), "the partial copy is removed");
        Files.delete(big);
    }

    @Test
    void aCopyNotRunByThisServersDoorOrWithAHostOutsideThePeersIsRefusedBeforeItRuns() throws IOException {
        HttpTpcTransfer elsewhere = new HttpTpcTransfer(HttpTpcConfig.builder(grid.trustDir(),
                List.of("localhost:1")).peers(CopyPeers.of(List.of("localhost"))).build(), executor);
        SrmException notOurs = assertThrows(SrmException.class, () -> elsewhere.start(new CopySpec(
                turl("source", Activity.READ), turl("x", Activity.WRITE), "t/4"), Optional::empty));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, notOurs.status());
        SrmException relay = assertThrows(SrmException.class, () -> transfer.start(new CopySpec(
                URI.create("https://127.0.0.2:8443/etc/passwd"), turl("y", Activity.WRITE), "t/5"),
                Optional::empty));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, relay.status());
        assertTrue(relay.getMessage().contains("not an allowed copy peer"), relay.getMessage());
        SrmException gsiftp = assertThrows(SrmException.class, () -> transfer.start(new CopySpec(
                URI.create("gsiftp://localhost:2811/x"), turl("z", Activity.WRITE), "t/6"), Optional::empty));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, gsiftp.status());
    }
}
