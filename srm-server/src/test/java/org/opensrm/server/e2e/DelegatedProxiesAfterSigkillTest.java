package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgResponse;
import org.opensrm.server.LaunchedServer;
import org.opensrm.testkit.GsoapEnvelope;

/**
 * Issue 22 point 12: the server as operators run it (its own JVM, full mode) is killed with SIGKILL while an srmCopy
 * runs (within this storage element, through its doors, with the client's delegated credential): the delegated
 * proxy the transfer tool reads, private key included, is left in the copy work directory, since no code of the
 * killed server ran. Started again on the same state directory, the server removes it before it serves (docs/
 * security.md: the proxy exists only while its transfer runs), and the copy, whose credential is gone, does not
 * resume.
 */
@Timeout(600)
@Tag("integration")
class DelegatedProxiesAfterSigkillTest {
    private static final String SOURCE = "/alice/killed-copy-source";
    static E2eSite site;
    static Path work;
    static LaunchedServer server;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of());
        work = site.base().resolve("killed");
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (server != null) {
                server.close();
            }
        } finally {
            endOrphanedTransfers();
            if (site != null) {
                site.close();
            }
        }
    }

    /**
     * Full mode on {@code work}/state. The first delegation to a fresh JVM generates its first RSA key with nothing
     * compiled yet: on a loaded machine that can outlast the 10 s handshake deadline, hence a minute here.
     */
    private static Map<String, String> fullMode() {
        return Map.of("srm.mode", "full", "srm.state.dir", work.resolve("state").toString(),
                "jetty.handshake.timeout", "60s");
    }

    @Test
    void delegatedProxiesLeftBySigkillDuringACopyAreRemovedAtStartBeforeServing() throws Exception {
        server = site.launch(work, fullMode(), "server-1.log");
        Path source = bigSource(site.onDisk(SOURCE));
        Path copyWork = work.resolve("state").resolve("copy-work");
        HttpgClient delegating = new HttpgClient(site.alice().proxyFile(), site.grid().trustDir())
                .withTimeoutMillis(90_000).delegating(Duration.ofHours(1));
        HttpgResponse made = copy(delegating, GsoapEnvelope.of("srmCopy", "<srmCopyRequest><arrayOfFileRequests>"
                + "<requestArray><sourceSURL>" + GsoapEnvelope.text(E2eSite.surl(server.port(), SOURCE))
                + "</sourceSURL><targetSURL>" + GsoapEnvelope.text(E2eSite.surl(server.port(), "/alice/killed-copy"))
                + "</targetSURL></requestArray></arrayOfFileRequests></srmCopyRequest>"));
        String token = made.text("srmCopyResponse/requestToken");
        assertNotNull(token, made.toString());
        awaitTransferring(copyWork);

        assertTrue(server.command().endsWith("/java"), "the process killed is the JVM: " + server.command());
        server.kill();
        assertEquals(1, proxies(copyWork).size(), "SIGKILL leaves the delegated proxy on disk");
        endOrphanedTransfers(); // the transfer tool outlives the JVM that started it

        server = site.launch(work, fullMode(), "server-2.log");
        assertEquals(List.of(), proxies(copyWork), "removed before the restarted server serves");
        assertTrue(server.log().contains("removed 1 delegated proxy file(s) left in " + copyWork), server.log());

        SrmSoap soap = new SrmSoap(site, site.alice(), server.port());
        HttpgResponse after = FullModeSites.pollUntilSettled(() -> soap.call("srmStatusOfCopyRequest",
                "<srmStatusOfCopyRequestRequest><requestToken>" + token + "</requestToken>"
                        + "</srmStatusOfCopyRequestRequest>"), "srmStatusOfCopyRequest");
        assertEquals(List.of("SRM_AUTHORIZATION_FAILURE"), SpecRequests.fileStatuses(after),
                "the copy does not resume without its credential: " + after);
        assertFalse(Files.exists(site.onDisk("/alice/killed-copy")));
        assertEquals(List.of(), proxies(copyWork));
        Files.delete(source);
    }

    private static HttpgResponse copy(HttpgClient client, byte[] request) throws IOException {
        try {
            return client.post("127.0.0.1", server.port(), "/srm/managerv2", Map.of(), request);
        } catch (IOException e) {
            throw new IOException("srmCopy: " + e.getMessage() + "; the server logged:\n" + server.log(), e);
        }
    }

    /** A sparse 2 GiB file owned by Alice's account: quick to read, seconds to move. */
    private static Path bigSource(Path file) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(2L << 30);
        }
        Files.setOwner(file, file.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(E2eSite.ALICE_ACCOUNT));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        return file;
    }

    /** Waits until the copy's proxy is written and its bytes are arriving at the hidden upload name. */
    private static void awaitTransferring(Path copyWork) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (proxies(copyWork).isEmpty() || !arriving(site.staging(E2eSite.ALICE_ACCOUNT))) {
            assertTrue(System.nanoTime() < until, "the copy never got under way: " + server.log());
            Thread.sleep(100);
        }
    }

    private static boolean arriving(Path staging) throws IOException {
        if (!Files.isDirectory(staging)) {
            return false;
        }
        try (Stream<Path> files = Files.list(staging)) {
            return files.anyMatch(p -> p.toFile().length() > 0);
        }
    }

    private static List<Path> proxies(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith("x509up_")).toList();
        }
    }

    /** Ends the transfer tools the killed server started for this test's copy (found by its source path). */
    private static void endOrphanedTransfers() throws InterruptedException {
        List<ProcessHandle> orphans = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(SOURCE)).orElse(false)).toList();
        for (ProcessHandle p : orphans) {
            p.destroyForcibly();
        }
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (orphans.stream().anyMatch(ProcessHandle::isAlive)) {
            assertTrue(System.nanoTime() < until, "a transfer tool did not end");
            Thread.sleep(50);
        }
    }
}
