package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.SrmClients;

/**
 * A directory of 25 entries behind a server that puts at most 10 in an unpaged srmLs answer
 * ({@code ls.max.entries=10}). gfal2 lists without offset/count first; on {@code SRM_TOO_MANY_RESULTS} (which
 * srm-ifce turns into EFBIG) it switches to pages of a fixed 1000 entries with offset/count, and ends the listing
 * at the first page shorter than that. All 25 names must come out, each once.
 */
@Timeout(300)
@Tag("integration")
class GfalListingPagesTest {
    static final List<String> NAMES = IntStream.range(0, 25).mapToObj(i -> String.format("entry-%02d", i)).toList();

    static E2eSite site;
    static SrmClients alice;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of("ls.max.entries", "10"));
        alice = site.clients(site.alice());
        ClientRun mk = alice.gfal("gfal-mkdir", site.surl("/alice/big"));
        assertTrue(mk.ok(), mk.describe());
        for (int i = 0; i < NAMES.size(); i++) {
            Path p = site.onDisk("/alice/big/" + NAMES.get(i));
            if (i % 5 == 0) {
                Files.createDirectory(p);
            } else {
                OnDisk.randomFile(p, i, i);
            }
        }
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void serverAnswersAnUnpagedListingWithTooManyResultsAndTheFirstTen() throws Exception {
        HttpgResponse r = new SrmSoap(site, site.alice()).ls(site.surl("/alice/big"), true, 1, -1, -1);
        assertEquals("SRM_TOO_MANY_RESULTS", r.text("srmLsResponse/returnStatus/statusCode"), r.toString());
        assertEquals(10, r.texts("srmLsResponse/details/pathDetailArray/arrayOfSubPaths/pathDetailArray/path").size(),
                r.toString());
    }

    @Test
    void serverAnswersGfalsPageOfAThousandWithEveryEntry() throws Exception {
        HttpgResponse r = new SrmSoap(site, site.alice()).ls(site.surl("/alice/big"), true, 1, 0, 1000);
        assertEquals("SRM_SUCCESS", r.text("srmLsResponse/returnStatus/statusCode"), r.toString());
        List<String> paths = r.texts("srmLsResponse/details/pathDetailArray/arrayOfSubPaths/pathDetailArray/path");
        assertEquals(NAMES.stream().map(n -> "/alice/big/" + n).toList(), paths);
        HttpgResponse tail = new SrmSoap(site, site.alice()).ls(site.surl("/alice/big"), true, 1, 20, 1000);
        assertEquals(List.of("/alice/big/entry-20", "/alice/big/entry-21", "/alice/big/entry-22",
                        "/alice/big/entry-23", "/alice/big/entry-24"),
                tail.texts("srmLsResponse/details/pathDetailArray/arrayOfSubPaths/pathDetailArray/path"));
    }

    @Test
    void gfalLsListsAllTwentyFiveEntries() throws Exception {
        ClientRun ls = alice.gfal("gfal-ls", "-v", site.surl("/alice/big"));
        assertTrue(ls.ok(), ls.describe());
        List<String> listed = GfalOutput.results(ls);
        assertEquals(25, listed.size(), ls.describe());
        assertEquals(new TreeSet<>(NAMES), new TreeSet<>(listed), ls.describe());
        assertTrue(ls.output().contains("EFBIG while listing SRM directory, trying with chunk listing of size 1000"),
                "gfal2 went through its paging path: " + ls.describe());
    }

    @Test
    void gfalLongListingShowsTheDirectoriesAmongThem() throws Exception {
        ClientRun ls = alice.gfal("gfal-ls", "-l", site.surl("/alice/big"));
        assertTrue(ls.ok(), ls.describe());
        List<String> lines = GfalOutput.results(ls);
        assertEquals(25, lines.size(), ls.describe());
        assertEquals(5, lines.stream().filter(l -> l.startsWith("d")).count(), ls.describe());
    }

    @Test
    void pythonGfal2ListdirSeesAllTwentyFiveEntries() throws Exception {
        ClientRun py = alice.gfalPython("import sys, gfal2\n"
                + "ctx = gfal2.creat_context()\n"
                + "for name in sorted(ctx.listdir(sys.argv[1])):\n"
                + "    print(name)\n", site.surl("/alice/big"));
        assertTrue(py.ok(), py.describe());
        assertEquals(NAMES, py.stdout().lines().toList(), py.describe());
    }

    @Test
    void aSmallDirectoryNeedsNoPaging() throws Exception {
        assertTrue(alice.gfal("gfal-mkdir", "-p", site.surl("/alice/small/sub")).ok());
        OnDisk.randomFile(site.onDisk("/alice/small/one.dat"), 10, 7);
        ClientRun ls = alice.gfal("gfal-ls", "-v", site.surl("/alice/small"));
        assertTrue(ls.ok(), ls.describe());
        assertEquals(List.of("one.dat", "sub"), GfalOutput.results(ls).stream().sorted().toList(), ls.describe());
        assertTrue(!ls.output().contains("EFBIG"), ls.describe());
    }
}
