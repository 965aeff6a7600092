package org.opensrm.server.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.apache.hadoop.fs.FileStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.SrmClients;

/**
 * An HDFS directory of 25 entries (20 files, 5 directories) behind a server that puts at most 10 in an unpaged
 * srmLs answer ({@code ls.max.entries=10}). gfal2 lists without offset/count first; on
 * {@code SRM_TOO_MANY_RESULTS} it switches to pages with offset/count. All 25 names must come out, each once.
 */
@Timeout(300)
@Tag("integration")
class GfalOnHdfsListingPagesTest {
    @RegisterExtension
    static final MiniDfs HDFS = new MiniDfs();

    static final List<String> NAMES = IntStream.range(0, 25).mapToObj(i -> String.format("entry-%02d", i)).toList();

    static HdfsSite site;
    static SrmClients alice;

    @BeforeAll
    static void start() throws Exception {
        site = HdfsSite.start(HDFS.cluster(), Map.of("ls.max.entries", "10"));
        alice = site.clients(site.alice());
        ClientRun mk = alice.gfal("gfal-mkdir", site.surl("/alice/big"));
        assertTrue(mk.ok(), mk.describe());
        for (int i = 0; i < NAMES.size(); i++) {
            org.apache.hadoop.fs.Path p = site.hdfs("/alice/big/" + NAMES.get(i));
            if (i % 5 == 0) {
                assertTrue(site.as(HdfsSite.ALICE_ACCOUNT).mkdirs(p));
            } else {
                site.write(HdfsSite.ALICE_ACCOUNT, p, HdfsSite.randomBytes(i, i));
            }
        }
        FileStatus[] inHdfs = site.superuser().listStatus(site.hdfs("/alice/big"));
        assertEquals(NAMES.size(), inHdfs.length, "the directory holds 25 entries in HDFS");
    }

    @AfterAll
    static void stop() throws Exception {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void serverAnswersAnUnpagedListingWithTooManyResultsAndTheFirstTen() throws Exception {
        HttpgResponse r = soap().ls(site.surl("/alice/big"), true, 1, -1, -1);
        assertEquals("SRM_TOO_MANY_RESULTS", r.text("srmLsResponse/returnStatus/statusCode"), r.toString());
        assertEquals(NAMES.subList(0, 10).stream().map(n -> "/alice/big/" + n).toList(),
                r.texts("srmLsResponse/details/pathDetailArray/arrayOfSubPaths/pathDetailArray/path"), r.toString());
    }

    @Test
    void serverAnswersPagesWithOffsetAndCount() throws Exception {
        HttpgResponse r = soap().ls(site.surl("/alice/big"), true, 1, 0, 1000);
        assertEquals("SRM_SUCCESS", r.text("srmLsResponse/returnStatus/statusCode"), r.toString());
        assertEquals(NAMES.stream().map(n -> "/alice/big/" + n).toList(),
                r.texts("srmLsResponse/details/pathDetailArray/arrayOfSubPaths/pathDetailArray/path"));
        HttpgResponse tail = soap().ls(site.surl("/alice/big"), true, 1, 20, 1000);
        assertEquals(NAMES.subList(20, 25).stream().map(n -> "/alice/big/" + n).toList(),
                tail.texts("srmLsResponse/details/pathDetailArray/arrayOfSubPaths/pathDetailArray/path"));
    }

    @Test
    void gfalLsListsAllTwentyFiveEntries() throws Exception {
        ClientRun ls = alice.gfal("gfal-ls", "-v", site.surl("/alice/big"));
        assertTrue(ls.ok(), ls.describe());
        List<String> listed = GfalOnHdfsNamespaceOperationsTest.results(ls);
        assertEquals(25, listed.size(), ls.describe());
        assertEquals(new TreeSet<>(NAMES), new TreeSet<>(listed), ls.describe());
        assertTrue(ls.output().contains("EFBIG while listing SRM directory"),
                "gfal2 went through its paging path: " + ls.describe());
    }

    @Test
    void gfalLongListingShowsTheFiveDirectoriesAmongThem() throws Exception {
        ClientRun ls = alice.gfal("gfal-ls", "-l", site.surl("/alice/big"));
        assertTrue(ls.ok(), ls.describe());
        List<String> lines = GfalOnHdfsNamespaceOperationsTest.results(ls);
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

    private static SoapCalls soap() {
        return new SoapCalls(site.grid(), site.alice(), site.server().port());
    }
}
