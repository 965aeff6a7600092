package org.opensrm.server.copy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
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

/**
 * srmCopy with a {@code targetSpaceToken} ({@link CopySites}, space reservation on in both full-mode servers, Alice
 * allowed to reserve as a user): a pull lands in the reservation of the destination and is counted there (its
 * unused size shrinks by the file's size), a push's token is the remote SE's and passed on in its srmPrepareToPut,
 * a pull that does not fit fails {@code SRM_EXCEED_ALLOCATION} and leaves
 * nothing, a pull naming a token that does not exist is refused at once.
 */
@Timeout(600)
@Tag("integration")
class SrmCopyIntoSpaceTest {
    private static final int FOUR_MB = 4 * 1024 * 1024;
    static CopySites sites;

    @BeforeAll
    static void start() throws Exception {
        sites = CopySites.start("srmcopyspace", Map.of("space.limit.user", "100000000"));
    }

    @AfterAll
    static void stop() throws IOException {
        if (sites != null) {
            sites.close();
        }
    }

    @Test
    void aPullIntoAReservationLandsAndIsCountedInIt() throws Exception {
        assertCountedWhereItLands(sites.a, sites.b, sites.a); // asked of the destination: a pull
    }

    @Test
    void aPushPassesItsTargetSpaceTokenOnToTheRemoteSrmWhereTheFileIsCounted() throws Exception {
        assertCountedWhereItLands(sites.a, sites.a, sites.b); // asked of the source: a push
    }

    @Test
    void aPullThatDoesNotFitItsReservationFailsWithExceedAllocationAndLeavesNothing() throws Exception {
        String space = reserve(sites.a, 1_000_000);
        CopySites.sourceFile(sites.b, "/alice/too-big-source", FOUR_MB);
        CopySites.Answer done = sites.copyAndWait(sites.a, sites.b.surl("/alice/too-big-source"),
                sites.a.surl("/alice/too-big"), space);
        assertEquals("SRM_FAILURE", done.status(), done.text());
        assertEquals("SRM_EXCEED_ALLOCATION", done.fileStatus(), done.text());
        assertFalse(Files.exists(sites.a.file("/alice/too-big")));
        assertEquals(List.of(), sites.a.uploads(), "no hidden upload is left behind");
        assertEquals(1_000_000, unused(sites.a, space), "nothing is counted in the reservation");
    }

    @Test
    void aPullNamingAnUnknownReservationIsRefusedAtOnce() throws Exception {
        try (HttpgConnection c = sites.delegating(Duration.ofHours(1)).keepAlive("127.0.0.1",
                sites.a.server().port())) {
            HttpgResponse r = c.post(CopySites.PATH, Map.of(), CopySites.copy(
                    sites.b.surl("/alice/whatever"), sites.a.surl("/alice/nowhere"), "no-such-space"));
            assertEquals("SRM_INVALID_REQUEST", r.text("srmCopyResponse/returnStatus/statusCode"), r.toString());
        }
        assertFalse(Files.exists(sites.a.file("/alice/nowhere")));
    }

    /**
     * Asks {@code asked} to copy a file from {@code from} to {@code to} into a reservation of {@code to}: the file
     * lands whole and the reservation's unused size shrinks by its size.
     */
    private static void assertCountedWhereItLands(CopySites.Site asked, CopySites.Site from, CopySites.Site to)
            throws Exception {
        String space = reserve(to, 10_000_000);
        String name = "/alice/in-space-" + (asked == to ? "pulled" : "pushed");
        byte[] data = CopySites.sourceFile(from, name + "-source", FOUR_MB);
        CopySites.Answer done = sites.copyAndWait(asked, from.surl(name + "-source"), to.surl(name), space);
        assertEquals("SRM_SUCCESS", done.status(), done.text());
        assertArrayEquals(data, Files.readAllBytes(to.file(name)));
        assertEquals(10_000_000 - FOUR_MB, unused(to, space), "the copied file counts in the reservation");
    }

    private static String reserve(CopySites.Site site, long bytes) throws Exception {
        HttpgResponse r = sites.plain().post("127.0.0.1", site.server().port(), CopySites.PATH, Map.of(),
                CopySites.reserveSpace(bytes));
        assertEquals("SRM_SUCCESS", r.text("srmReserveSpaceResponse/returnStatus/statusCode"), r.toString());
        String token = r.text("srmReserveSpaceResponse/spaceToken");
        assertNotNull(token, r.toString());
        return token;
    }

    private static long unused(CopySites.Site site, String space) throws Exception {
        HttpgResponse r = sites.plain().post("127.0.0.1", site.server().port(), CopySites.PATH, Map.of(),
                CopySites.spaceMetaData(space));
        return Long.parseLong(r.text("srmGetSpaceMetaDataResponse/arrayOfSpaceDetails/spaceDataArray/unusedSize"));
    }
}
