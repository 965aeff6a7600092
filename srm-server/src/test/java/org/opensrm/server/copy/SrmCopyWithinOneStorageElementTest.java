package org.opensrm.server.copy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgConnection;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.GsoapEnvelope;

/**
 * Issue 22 point 9: srmCopy whose two SURLs are both on the storage element asked (full mode; {@link CopySites}'
 * site a alone) copies locally, as the specification allows: through one of the server's own GridFTP doors with
 * the delegated credential, so the source is read with the caller's permissions and the copy lands as a put does
 * (its hidden upload name, then renamed), owned by the caller's mapped account, adler32 compared, counted in its
 * reservation; queued and abortable as other copies; an existing target without overwrite is
 * {@code SRM_DUPLICATION_ERROR}.
 */
@Timeout(600)
@Tag("integration")
class SrmCopyWithinOneStorageElementTest {
    private static final int FOUR_MB = 4 * 1024 * 1024;
    static CopySites sites;

    @BeforeAll
    static void start() throws Exception {
        sites = CopySites.start("localcopy", Map.of("space.limit.user", "100000000"));
    }

    @AfterAll
    static void stop() throws IOException {
        if (sites != null) {
            sites.close();
        }
    }

    @Test
    void srmCopyWithinOneStorageElementLandsTheSameBytesOwnedByTheCaller() throws Exception {
        byte[] data = CopySites.sourceFile(sites.a, "/alice/local-source", FOUR_MB);
        CopySites.Answer done = sites.copyAndWait(sites.a, sites.a.surl("/alice/local-source"),
                sites.a.surl("/alice/local-copy"));
        assertEquals("SRM_SUCCESS", done.status(), done.text());
        assertEquals("SRM_SUCCESS", done.fileStatus(), done.text());
        SrmCopyTest.assertSameFile(data, sites.a.file("/alice/local-copy")); // bytes, adler32, owner
        assertArrayEquals(data, Files.readAllBytes(sites.a.file("/alice/local-source")), "the source stays");
        assertEquals(List.of(), sites.a.uploads(), "no hidden upload is left behind");
    }

    @Test
    void srmCopyWithinOneStorageElementOntoAnExistingTargetIsDuplicationError() throws Exception {
        CopySites.sourceFile(sites.a, "/alice/dup-source", 4096);
        byte[] before = CopySites.sourceFile(sites.a, "/alice/dup-target", 1024);
        CopySites.Answer done = sites.copyAndWait(sites.a, sites.a.surl("/alice/dup-source"),
                sites.a.surl("/alice/dup-target"));
        assertEquals("SRM_FAILURE", done.status(), done.text());
        assertEquals("SRM_DUPLICATION_ERROR", done.fileStatus(), done.text());
        assertArrayEquals(before, Files.readAllBytes(sites.a.file("/alice/dup-target")), "the target is untouched");
    }

    @Test
    void srmCopyWithinOneStorageElementWithOverwriteReplacesAnExistingTarget() throws Exception {
        byte[] data = CopySites.sourceFile(sites.a, "/alice/over-source", 8192);
        CopySites.sourceFile(sites.a, "/alice/over-target", 1024);
        try (HttpgConnection c = sites.delegating(Duration.ofHours(1)).keepAlive("127.0.0.1",
                sites.a.server().port())) {
            HttpgResponse made = c.post(CopySites.PATH, Map.of(), GsoapEnvelope.of("srmCopy",
                    "<srmCopyRequest><arrayOfFileRequests><requestArray><sourceSURL>"
                            + GsoapEnvelope.text(sites.a.surl("/alice/over-source")) + "</sourceSURL><targetSURL>"
                            + GsoapEnvelope.text(sites.a.surl("/alice/over-target")) + "</targetSURL></requestArray>"
                            + "</arrayOfFileRequests><overwriteOption>ALWAYS</overwriteOption></srmCopyRequest>"));
            String token = made.text("srmCopyResponse/requestToken");
            assertNotNull(token, made.toString());
            CopySites.Answer done = sites.waitFor(c, token);
            assertEquals("SRM_SUCCESS", done.status(), done.text());
        }
        SrmCopyTest.assertSameFile(data, sites.a.file("/alice/over-target"));
    }

    @Test
    void srmCopyWithinOneStorageElementReadsTheSourceWithTheCallersPermissions() throws Exception {
        Path secret = sites.a.file("/alice/root-only");
        Files.writeString(secret, "not the caller's");
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------")); // root's, 0600
        CopySites.Answer done = sites.copyAndWait(sites.a, sites.a.surl("/alice/root-only"),
                sites.a.surl("/alice/stolen"));
        assertEquals("SRM_FAILURE", done.status(), done.text());
        assertEquals("SRM_AUTHORIZATION_FAILURE", done.fileStatus(), done.text());
        assertFalse(Files.exists(sites.a.file("/alice/stolen")));
        assertEquals(List.of(), sites.a.uploads());
    }

    @Test
    void srmCopyWithinOneStorageElementIntoAReservationIsCountedInIt() throws Exception {
        String space = reserve(10_000_000);
        byte[] data = CopySites.sourceFile(sites.a, "/alice/spaced-source", FOUR_MB);
        CopySites.Answer done = sites.copyAndWait(sites.a, sites.a.surl("/alice/spaced-source"),
                sites.a.surl("/alice/spaced-copy"), space);
        assertEquals("SRM_SUCCESS", done.status(), done.text());
        assertArrayEquals(data, Files.readAllBytes(sites.a.file("/alice/spaced-copy")));
        assertEquals(10_000_000 - FOUR_MB, unused(space), "the copy counts in the reservation");
    }

    @Test
    void srmCopyWithinOneStorageElementAbortedWhileCopyingStopsAndLeavesNothing() throws Exception {
        Path big = SrmCopyTest.bigSource(sites.a, "/alice/big-local-source");
        try (HttpgConnection c = sites.delegating(Duration.ofHours(1)).keepAlive("127.0.0.1",
                sites.a.server().port())) {
            HttpgResponse made = c.post(CopySites.PATH, Map.of(), CopySites.copy(
                    sites.a.surl("/alice/big-local-source"), sites.a.surl("/alice/big-local-copy")));
            String token = made.text("srmCopyResponse/requestToken");
            assertNotNull(token, made.toString());
            SrmCopyTest.awaitDataArrivingOrAbort(c, sites.a, token); // written to the hidden upload name first
            HttpgResponse aborted = c.post(CopySites.PATH, Map.of(), CopySites.abort(token));
            assertEquals("SRM_SUCCESS", aborted.text("srmAbortRequestResponse/returnStatus/statusCode"),
                    aborted.toString());
            CopySites.Answer after = sites.waitFor(c, token);
            assertEquals("SRM_ABORTED", after.status(), after.text());
        }
        SrmCopyTest.awaitNoUploads(sites.a);
        assertFalse(Files.exists(sites.a.file("/alice/big-local-copy")));
        Files.delete(big);
    }

    private static String reserve(long bytes) throws Exception {
        HttpgResponse r = sites.plain().post("127.0.0.1", sites.a.server().port(), CopySites.PATH,
                Map.of(), CopySites.reserveSpace(bytes));
        assertEquals("SRM_SUCCESS", r.text("srmReserveSpaceResponse/returnStatus/statusCode"), r.toString());
        return r.text("srmReserveSpaceResponse/spaceToken");
    }

    private static long unused(String space) throws Exception {
        HttpgResponse r = sites.plain().post("127.0.0.1", sites.a.server().port(), CopySites.PATH,
                Map.of(), CopySites.spaceMetaData(space));
        return Long.parseLong(r.text("srmGetSpaceMetaDataResponse/arrayOfSpaceDetails/spaceDataArray/unusedSize"));
    }
}
