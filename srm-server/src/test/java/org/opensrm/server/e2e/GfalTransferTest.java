package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.SrmClients;

/**
 * Data in and out with gfal-copy through two real GridFTP doors chosen round-robin: the file lands complete, under
 * its name, owned by the mapped account; the TURLs of consecutive transfers alternate between the doors; downloads
 * and a third-party copy to another GridFTP server carry the same bytes; the adler32 in the server's own srmLs
 * answer equals the test's.
 */
@Timeout(300)
@Tag("integration")
class GfalTransferTest {
    private static final Pattern TURL_EVENT = Pattern.compile("Got TURL \\S+ => gsiftp://localhost:(\\d+)(/\\S*)");

    static E2eSite site;
    static SrmClients alice;
    static Path local;

    @BeforeAll
    static void start() throws Exception {
        startSite(Map.of());
    }

    /** Starts the site with {@code mode}'s settings (gateway mode here; a subclass's own start hides this one). */
    static void startSite(Map<String, String> mode) throws Exception {
        if (site != null) { // JUnit runs the base class's @BeforeAll too: its site is closed, not left running
            site.close();
        }
        site = E2eSite.start(mode);
        alice = site.clients(site.alice());
        local = site.scratch("gfal-transfer");
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void uploadLandsCompleteAndOwnedByTheMappedAccount() throws Exception {
        Path source = OnDisk.randomFile(local.resolve("up.bin"), 4 * 1024 * 1024 + 17, 11);
        ClientRun cp = alice.gfal("gfal-copy", "file://" + source, site.surl("/alice/up.bin"));
        assertTrue(cp.ok(), cp.describe());
        Path stored = site.onDisk("/alice/up.bin");
        assertEquals(Files.size(source), Files.size(stored));
        assertEquals(OnDisk.adler32(source), OnDisk.adler32(stored));
        assertEquals(E2eSite.ALICE_ACCOUNT, OnDisk.owner(stored));
        assertEquals(List.of(), OnDisk.uploadsIn(site.onDisk("/alice")), "no hidden upload left behind");
        assertEquals(List.of(), OnDisk.uploadsIn(site.staging(E2eSite.ALICE_ACCOUNT)), "no staged upload left");

        ClientRun again = alice.gfal("gfal-copy", "file://" + source, site.surl("/alice/up.bin"));
        assertEquals(17, again.exitCode(), "no overwrite without -f: " + again.describe());
        ClientRun forced = alice.gfal("gfal-copy", "-f", "file://" + source, site.surl("/alice/up.bin"));
        assertTrue(forced.ok(), forced.describe());
    }

    @Test
    void uploadWithParentsMakesTheDirectoriesAsTheMappedAccount() throws Exception {
        Path source = OnDisk.randomFile(local.resolve("deep.bin"), 100_000, 12);
        ClientRun cp = alice.gfal("gfal-copy", "-p", "file://" + source, site.surl("/alice/made/for/it/deep.bin"));
        assertTrue(cp.ok(), cp.describe());
        assertEquals(E2eSite.ALICE_ACCOUNT, OnDisk.owner(site.onDisk("/alice/made")));
        assertEquals(E2eSite.ALICE_ACCOUNT, OnDisk.owner(site.onDisk("/alice/made/for/it")));
        assertEquals(E2eSite.ALICE_ACCOUNT, OnDisk.owner(site.onDisk("/alice/made/for/it/deep.bin")));
        assertEquals(OnDisk.adler32(source), OnDisk.adler32(site.onDisk("/alice/made/for/it/deep.bin")));
    }

    @Test
    void consecutivePutsAndGetsAlternateBetweenTheTwoDoors() throws Exception {
        Path source = OnDisk.randomFile(local.resolve("rr.bin"), 200_000, 13);
        List<Integer> putPorts = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ClientRun cp = alice.gfal("gfal-copy", "-v", "file://" + source, site.surl("/alice/rr-" + i + ".bin"));
            assertTrue(cp.ok(), cp.describe());
            putPorts.add(turlPort(cp, site.staging(E2eSite.ALICE_ACCOUNT) + "/.srmput-"));
        }
        List<Integer> getPorts = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Path target = local.resolve("rr-back-" + i + ".bin");
            ClientRun cp = alice.gfal("gfal-copy", "-v", site.surl("/alice/rr-" + i + ".bin"), "file://" + target);
            assertTrue(cp.ok(), cp.describe());
            assertEquals(OnDisk.adler32(source), OnDisk.adler32(target));
            getPorts.add(turlPort(cp, site.onDisk("/alice/rr-" + i + ".bin").toString()));
        }
        List<Integer> doors = List.of(site.doorA().port(), site.doorB().port());
        for (List<Integer> ports : List.of(putPorts, getPorts)) {
            for (int i = 0; i < ports.size(); i++) {
                assertTrue(doors.contains(ports.get(i)), "TURL on a configured door: " + ports);
                if (i > 0) {
                    assertNotEquals(ports.get(i - 1), ports.get(i), "round robin alternates: puts " + putPorts
                            + ", gets " + getPorts);
                }
            }
        }
    }

    @Test
    void downloadReturnsTheSameBytes() throws Exception {
        Path source = OnDisk.randomFile(local.resolve("down-src.bin"), 3 * 1024 * 1024 + 5, 14);
        assertTrue(alice.gfal("gfal-copy", "file://" + source, site.surl("/alice/down.bin")).ok());
        Path back = local.resolve("down-back.bin");
        ClientRun cp = alice.gfal("gfal-copy", site.surl("/alice/down.bin"), "file://" + back);
        assertTrue(cp.ok(), cp.describe());
        assertEquals(Files.size(source), Files.size(back));
        assertEquals(-1L, Files.mismatch(source, back), "identical content");
    }

    @Test
    void thirdPartyCopyToAnotherGridFtpServerCarriesTheSameBytes() throws Exception {
        Path source = OnDisk.randomFile(local.resolve("tpc-src.bin"), 2 * 1024 * 1024 + 3, 15);
        assertTrue(alice.gfal("gfal-copy", "file://" + source, site.surl("/alice/tpc.bin")).ok());
        Path target = site.outside().resolve("tpc-copy.bin");
        ClientRun cp = alice.gfal("gfal-copy", site.surl("/alice/tpc.bin"), site.doorB().url(target.toString()));
        assertTrue(cp.ok(), cp.describe());
        assertEquals(-1L, Files.mismatch(source, target), "identical content");
        assertEquals(E2eSite.ALICE_ACCOUNT, OnDisk.owner(target), "written by the destination as Alice's account");
    }

    @Test
    void srmLsAnswerCarriesTheAdler32OfTheContent() throws Exception {
        Path source = OnDisk.randomFile(local.resolve("sum.bin"), 1_234_567, 16);
        assertTrue(alice.gfal("gfal-copy", "file://" + source, site.surl("/alice/sum.bin")).ok());
        String expected = OnDisk.adler32(source);

        HttpgResponse ls = new SrmSoap(site, site.alice()).ls(site.surl("/alice/sum.bin"), true, 0, -1, -1);
        assertEquals("SRM_SUCCESS", ls.text("srmLsResponse/returnStatus/statusCode"), ls.toString());
        assertEquals("ADLER32", ls.text("srmLsResponse/details/pathDetailArray/checkSumType").toUpperCase(),
                ls.toString());
        assertEquals(expected, ls.text("srmLsResponse/details/pathDetailArray/checkSumValue").toLowerCase(),
                ls.toString());
        assertEquals("1234567", ls.text("srmLsResponse/details/pathDetailArray/size"), ls.toString());

        ClientRun sum = alice.gfal("gfal-sum", site.surl("/alice/sum.bin"), "ADLER32");
        assertTrue(sum.ok(), sum.describe());
        assertTrue(sum.stdout().trim().endsWith(" " + expected), sum.describe());
    }

    /** The port of the one TURL gfal-copy -v reported, checking its path starts as expected. */
    private static int turlPort(ClientRun cp, String pathPrefix) {
        Matcher m = TURL_EVENT.matcher(cp.output());
        assertTrue(m.find(), "gfal-copy -v reports the TURL: " + cp.describe());
        assertTrue(m.group(2).startsWith(pathPrefix), "TURL path " + m.group(2) + " starts with " + pathPrefix);
        return Integer.parseInt(m.group(1));
    }
}
