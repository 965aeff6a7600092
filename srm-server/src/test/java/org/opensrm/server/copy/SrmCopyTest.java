package org.opensrm.server.copy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import java.util.zip.Adler32;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgConnection;
import org.opensrm.client.HttpgResponse;

/**
 * srmCopy between two storage elements ({@link CopySites}: two full-mode servers, each with its own real GridFTP
 * door and storage), asked by a client that delegates its proxy on httpg ('D'): the server acts with the delegated
 * credential towards the other SRM (srmPrepareToGet/Put, status polling, srmReleaseFiles/srmPutDone) and moves the
 * data with a third-party GridFTP transfer between the two doors.
 */
@Timeout(600)
@Tag("integration")
class SrmCopyTest {
    static final int TWENTY_MB = 20 * 1024 * 1024;
    static final String PATH = "/srm/managerv2";
    static CopySites sites;

    @BeforeAll
    static void start() throws Exception {
        sites = CopySites.start("srmcopy");
    }

    @AfterAll
    static void stop() throws IOException {
        if (sites != null) {
            sites.close();
        }
    }

    @Test
    void aPullOfTwentyMegabytesFromAnotherSrmLandsWithTheSameBytesAndAdler32OwnedByTheMappedAccount()
            throws Exception {
        byte[] data = CopySites.sourceFile(sites.b, "/alice/pull-source", TWENTY_MB);
        CopySites.Answer done = sites.copyAndWait(sites.a,
                sites.b.surl("/alice/pull-source"), sites.a.surl("/alice/pulled"));
        assertEquals("SRM_SUCCESS", done.status(), done.text());
        assertEquals("SRM_SUCCESS", done.fileStatus(), done.text());
        assertSameFile(data, sites.a.file("/alice/pulled"));
        assertEquals(List.of(), sites.a.uploads(), "no hidden upload is left behind");
    }

    @Test
    void aPushOfTwentyMegabytesToAnotherSrmLandsThereWithTheSameBytesAndAdler32() throws Exception {
        byte[] data = CopySites.sourceFile(sites.a, "/alice/push-source", TWENTY_MB);
        CopySites.Answer done = sites.copyAndWait(sites.a,
                sites.a.surl("/alice/push-source"), sites.b.surl("/alice/pushed"));
        assertEquals("SRM_SUCCESS", done.status(), done.text());
        assertSameFile(data, sites.b.file("/alice/pushed"));
        assertEquals(List.of(), sites.b.uploads(), "the remote put was done (srmPutDone): no upload left there");
    }

    @Test
    void aCopyWhoseSourceIsGoneFailsWithInvalidPathAndLeavesNoFile() throws Exception {
        CopySites.Answer done = sites.copyAndWait(sites.a,
                sites.b.surl("/alice/never-there"), sites.a.surl("/alice/from-nothing"));
        assertEquals("SRM_FAILURE", done.status(), done.text());
        assertEquals("SRM_INVALID_PATH", done.fileStatus(), done.text());
        assertFalse(Files.exists(sites.a.file("/alice/from-nothing")));
        assertEquals(List.of(), sites.a.uploads());
    }

    @Test
    void aCopyAbortedWhileTransferringStopsAndRemovesThePartialDestination() throws Exception {
        Path big = bigSource(sites.b, "/alice/big-source");
        try (HttpgConnection c = sites.delegating(Duration.ofHours(1)).keepAlive("127.0.0.1",
                sites.a.server().port())) {
            String token = pullUnderWay(c, "/alice/big-source", "/alice/aborted");
            HttpgResponse aborted = c.post(PATH, Map.of(), CopySites.abort(token));
            assertEquals("SRM_SUCCESS", aborted.text("srmAbortRequestResponse/returnStatus/statusCode"),
                    aborted.toString());
            CopySites.Answer after = sites.waitFor(c, token);
            assertEquals("SRM_ABORTED", after.status(), after.text());
        }
        awaitNoUploads(sites.a); // the transfer is killed, then its partial file removed
        assertFalse(Files.exists(sites.a.file("/alice/aborted")));
        Files.delete(big);
    }

    @Test
    void aCopyWhoseSourceDisappearsMidwayFailsWithInvalidPathAndLeavesNoPartialFile() throws Exception {
        Path big = bigSource(sites.b, "/alice/vanishing-source");
        try (HttpgConnection c = sites.delegating(Duration.ofHours(1)).keepAlive("127.0.0.1",
                sites.a.server().port())) {
            String token = pullUnderWay(c, "/alice/vanishing-source", "/alice/vanished");
            // removed at the source while its bytes are on their way; on POSIX an unlinked file stays readable to
            // the door already reading it (the copy then completes, rightly), so its blocks go first
            try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
                f.setLength(0);
            }
            Files.delete(big);
            CopySites.Answer after = sites.waitFor(c, token);
            assertEquals("SRM_FAILURE", after.status(), after.text());
            assertEquals("SRM_INVALID_PATH", after.fileStatus(), after.text());
        }
        awaitNoUploads(sites.a);
        assertFalse(Files.exists(sites.a.file("/alice/vanished")));
    }

    /** Asks site a to pull {@code source} of site b to {@code target}; returns once its data is arriving. */
    private static String pullUnderWay(HttpgConnection c, String source, String target) throws Exception {
        HttpgResponse made = c.post(PATH, Map.of(), CopySites.copy(sites.b.surl(source),
                sites.a.surl(target)));
        String token = made.text("srmCopyResponse/requestToken");
        assertNotNull(token, made.toString());
        awaitDataArrivingOrAbort(c, sites.a, token);
        return token;
    }

    /** A sparse file of 2 GiB owned by the mapped account: read fast, but moving it takes seconds. */
    static Path bigSource(CopySites.Site site, String path) throws IOException {
        Path big = site.file(path);
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(2L << 30);
        }
        Files.setOwner(big, big.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(CopySites.ACCOUNT));
        Files.setPosixFilePermissions(big, PosixFilePermissions.fromString("rw-r--r--"));
        return big;
    }

    /**
     * Waits until copy {@code token}'s data arrives at a hidden upload of {@code site}; when it does not, aborts the
     * copy and waits for its upload to go before failing, so that a copy left running (a slow, loaded machine) does
     * not leave its upload to the tests after this one.
     */
    static void awaitDataArrivingOrAbort(HttpgConnection c, CopySites.Site site, String token) throws Exception {
        try {
            awaitDataArriving(site);
        } catch (AssertionError e) {
            try {
                c.post(PATH, Map.of(), CopySites.abort(token));
                awaitNoUploads(site);
            } catch (Exception | AssertionError cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    /** Waits until a pull's data arrives at a hidden upload of {@code site}. */
    static void awaitDataArriving(CopySites.Site site) throws Exception {
        long until = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (site.uploads().stream().noneMatch(p -> p.toFile().length() > 0)) {
            assertTrue(System.nanoTime() < until, "the transfer never reached the hidden upload");
            Thread.sleep(100);
        }
    }

    static void awaitNoUploads(CopySites.Site site) throws Exception {
        long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!site.uploads().isEmpty()) {
            assertTrue(System.nanoTime() < until, "partial upload still there: " + site.uploads());
            Thread.sleep(100);
        }
    }

    @Test
    void aClientThatDidNotDelegateIsToldThatDelegationIsNeeded() throws Exception {
        HttpgResponse r = sites.plain().post("127.0.0.1", sites.a.server().port(), PATH, Map.of(),
                CopySites.copy(sites.b.surl("/alice/x"), sites.a.surl("/alice/x")));
        assertEquals("SRM_AUTHORIZATION_FAILURE", r.text("srmCopyResponse/returnStatus/statusCode"), r.toString());
        assertTrue(r.text("srmCopyResponse/returnStatus/explanation").contains("delegation is needed"), r.toString());
    }

    @Test
    void aDelegatedProxyThatExpiredIsNoCredential() throws Exception {
        try (HttpgConnection c = sites.delegating(Duration.ofSeconds(2)).keepAlive("127.0.0.1",
                sites.a.server().port())) {
            Thread.sleep(3000); // the scenario: the 2 s proxy runs out in real time (certificate times, whole s)
            HttpgResponse r = c.post(PATH, Map.of(), CopySites.copy(sites.b.surl("/alice/x"),
                    sites.a.surl("/alice/x")));
            assertEquals("SRM_AUTHORIZATION_FAILURE", r.text("srmCopyResponse/returnStatus/statusCode"),
                    r.toString());
            assertTrue(r.text("srmCopyResponse/returnStatus/explanation").contains("delegation is needed"),
                    r.toString());
        }
    }

    @Test
    void aDelegatingClientAndOneSendingZeroBothListOnTheSamePort() throws Exception {
        CopySites.sourceFile(sites.a, "/alice/listed", 1024);
        for (HttpgClient client : List.of(sites.plain(), sites.delegating(Duration.ofHours(1)))) {
            HttpgResponse r = client.post("127.0.0.1", sites.a.server().port(), PATH, Map.of(),
                    CopySites.ls(sites.a.surl("/alice/listed")));
            assertEquals("SRM_SUCCESS", r.text("srmLsResponse/returnStatus/statusCode"), r.toString());
        }
    }

    @Test
    void aSurlPairNamingTheSameFileIsRefusedAndNothingIsWritten() throws Exception {
        byte[] data = CopySites.sourceFile(sites.a, "/alice/itself", 4096);
        CopySites.Answer done = sites.copyAndWait(sites.a,
                sites.a.surl("/alice/itself"), sites.a.surl("/alice/itself"));
        assertEquals("SRM_FAILURE", done.status(), done.text());
        assertEquals("SRM_INVALID_PATH", done.fileStatus(), done.text());
        assertTrue(done.text().contains("the same file"), done.text());
        assertArrayEquals(data, Files.readAllBytes(sites.a.file("/alice/itself")));
    }

    @Test
    void aGridFtpHostOutsideTheAllowedPeersIsRefused() throws Exception {
        CopySites.Answer done = sites.copyAndWait(sites.a,
                "gsiftp://127.0.0.2:2811/etc/passwd", sites.a.surl("/alice/relayed"));
        assertEquals("SRM_FAILURE", done.status(), done.text());
        assertEquals("SRM_AUTHORIZATION_FAILURE", done.fileStatus(), done.text());
        assertTrue(done.text().contains("not an allowed copy peer"), done.text());
        assertFalse(Files.exists(sites.a.file("/alice/relayed")));
        assertEquals(List.of(), sites.a.uploads());
    }

    @Test
    void theDelegatedCredentialIsForgottenOnceTheCopiesEndedAndTheClientLeft() throws Exception {
        CopySites.sourceFile(sites.b, "/alice/small-source", 4096);
        assertEquals("SRM_SUCCESS", sites.copyAndWait(sites.a, sites.b.surl("/alice/small-source"),
                sites.a.surl("/alice/small-copy")).status());
        assertEquals("SRM_FAILURE", sites.copyAndWait(sites.a, sites.a.surl("/alice/small-copy"),
                sites.a.surl("/alice/small-copy")).status()); // refused at once: nothing holds the credential
        long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (sites.a.server().delegatedCredentials().size() != 0) {
            assertTrue(System.nanoTime() < until, "the delegated credential is still held");
            Thread.sleep(100);
        }
    }

    static void assertSameFile(byte[] expected, Path copy) throws IOException {
        byte[] actual = Files.readAllBytes(copy);
        assertEquals(adler32(expected), adler32(actual), "adler32");
        assertArrayEquals(expected, actual);
        assertEquals(CopySites.ACCOUNT, Files.getOwner(copy).getName());
    }

    private static String adler32(byte[] data) {
        Adler32 a = new Adler32();
        a.update(data);
        return String.format("%08x", a.getValue());
    }
}
