package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.RunningClient;
import org.opensrm.testkit.SrmClients;

/**
 * Transfers through a real XRootD door (root:// and https://, davs to gfal2) beside the GridFTP doors, with gfal2
 * unmodified (the SRM plugin's TURL_3RD_PARTY_PROTOCOLS setting, which gfal-copy's TURLs follow; TURL_PROTOCOLS is
 * for remote I/O) and with xrdcp and davix on the TURLs the server gave:
 * uploads land complete and owned by the mapped account through the staging area, listing, download byte for byte,
 * removal; the TURL's macaroon is the door's only grant; a put whose client is killed mid-transfer leaves nothing.
 */
@Timeout(300)
@Tag("integration")
class GfalXrootdTransferTest {
    static E2eSite site;
    static SrmClients alice;
    static Path local;

    @BeforeAll
    static void start() throws Exception {
        startSite(Map.of());
    }

    static void startSite(Map<String, String> mode) throws Exception {
        if (site != null) {
            site.close(); // JUnit here runs a subclass's @BeforeAll after this class's: the earlier site must stop
        }
        site = E2eSite.startWithXrootd(mode);
        alice = site.clients(site.alice());
        local = site.scratch("gfal-xrootd");
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
            site = null;
        }
    }

    private static String[] turlProtocols(String protocol) {
        return new String[] {"-D", "SRM PLUGIN:TURL_3RD_PARTY_PROTOCOLS=" + protocol};
    }

    @ParameterizedTest
    @ValueSource(strings = {"root", "davs"})
    void uploadListDownloadAndRemoveThroughTheSrm(String protocol) throws Exception {
        String name = "/alice/x-" + protocol + ".bin";
        Path source = OnDisk.randomFile(local.resolve("up-" + protocol), 3 * 1024 * 1024 + 5, protocol.length());
        String[] d = turlProtocols(protocol);
        ClientRun up = alice.gfal("gfal-copy", "-v", d[0], d[1], "file://" + source, site.surl(name));
        assertTrue(up.ok(), up.describe());
        assertTurl(up, protocol, "/.srm-uploads/" + E2eSite.ALICE_ACCOUNT + "/");
        Path stored = site.onDisk(name);
        assertEquals(Files.size(source), Files.size(stored));
        assertEquals(OnDisk.adler32(source), OnDisk.adler32(stored));
        assertEquals(E2eSite.ALICE_ACCOUNT, OnDisk.owner(stored), "owned by the mapped account, not the door's");
        assertEquals(List.of(), OnDisk.uploadsIn(site.staging(E2eSite.ALICE_ACCOUNT)), "no staged upload left");

        ClientRun ls = alice.gfal("gfal-ls", site.surl("/alice"));
        assertTrue(ls.ok() && ls.stdout().lines().anyMatch(l -> l.equals("x-" + protocol + ".bin")), ls.describe());

        Path back = local.resolve("back-" + protocol);
        ClientRun down = alice.gfal("gfal-copy", "-v", d[0], d[1], site.surl(name), "file://" + back);
        assertTrue(down.ok(), down.describe());
        assertTurl(down, protocol, name);
        assertArrayEquals(Files.readAllBytes(source), Files.readAllBytes(back));

        ClientRun rm = alice.gfal("gfal-rm", site.surl(name));
        assertTrue(rm.ok(), rm.describe());
        assertFalse(Files.exists(stored));
    }

    /** The transfer went through the XRootD door in the asked protocol, at a path containing {@code part}. */
    private static void assertTurl(ClientRun run, String protocol, String part) {
        Matcher m = Pattern.compile("Got TURL \\S+ => (" + protocol + "://localhost:" + site.xrootd().port()
                + "/\\S*)").matcher(run.output());
        assertTrue(m.find(), "a " + protocol + " TURL of the XRootD door in " + run.describe());
        assertTrue(m.group(1).contains(part) && m.group(1).contains("authz="), m.group(1));
    }

    @Test
    void xrdcpAndDavixUseTheTurlsTheServerGave() throws Exception {
        SpecRequests srm = new SpecRequests(new SrmSoap(site, site.alice()));
        Path source = OnDisk.randomFile(local.resolve("xrdcp-up"), 700_000, 5);
        String surl = site.surl("/alice/by-xrdcp.bin");
        HttpgResponse put = srm.put(List.of(surl), List.of("root"), 600);
        String token = SpecRequests.requestToken(put, "srmPrepareToPut");
        String turl = turlOf(srm, "Put", token, put);
        assertTrue(turl.startsWith("root://localhost:" + site.xrootd().port() + "//"), turl);
        ClientRun xrdcp = alice.run(List.of("xrdcp", source.toString(), turl));
        assertEquals(0, xrdcp.exitCode(), xrdcp.describe());
        assertFalse(Files.exists(site.onDisk("/alice/by-xrdcp.bin")), "hidden until srmPutDone");
        SpecRequests.assertStatus("SRM_SUCCESS", srm.putDone(token, List.of(surl)), "srmPutDone");
        assertEquals(E2eSite.ALICE_ACCOUNT, OnDisk.owner(site.onDisk("/alice/by-xrdcp.bin")));

        HttpgResponse get = srm.get(List.of(surl), List.of("https"), 600);
        String getToken = SpecRequests.requestToken(get, "srmPrepareToGet");
        String httpsTurl = turlOf(srm, "Get", getToken, get);
        assertTrue(httpsTurl.startsWith("https://localhost:" + site.xrootd().port() + "/"), httpsTurl);
        Path back = local.resolve("davix-back");
        ClientRun davix = alice.run(List.of("davix-get", "--capath", site.grid().trustDir().toString(), httpsTurl,
                back.toString()));
        assertEquals(0, davix.exitCode(), davix.describe());
        assertArrayEquals(Files.readAllBytes(source), Files.readAllBytes(back));

        ClientRun overwrite = alice.run(List.of("davix-put", "--capath", site.grid().trustDir().toString(),
                source.toString(), httpsTurl));
        assertNotEquals(0, overwrite.exitCode(), "a get's TURL does not write: " + overwrite.describe());
        srm.release(getToken, List.of(surl));
    }

    @Test
    void aPutWhoseClientIsKilledMidTransferLeavesNothingVisible() throws Exception {
        SpecRequests srm = new SpecRequests(new SrmSoap(site, site.alice()));
        String surl = site.surl("/alice/killed.bin");
        HttpgResponse put = srm.put(List.of(surl), List.of("root"), 600);
        String token = SpecRequests.requestToken(put, "srmPrepareToPut");
        String turl = turlOf(srm, "Put", token, put);
        // 24 MiB at once, then the source stalls: xrdcp has written part of the file when it is killed
        try (RunningClient client = alice.start(List.of("bash", "-c",
                "(head -c 25165824 /dev/urandom; sleep 120) | xrdcp - '" + turl + "'"))) {
            Path staged = site.staging(E2eSite.ALICE_ACCOUNT);
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (OnDisk.uploadsIn(staged).stream().noneMatch(GfalXrootdTransferTest::nonEmpty)) {
                assertTrue(System.nanoTime() < deadline, "no partial upload appeared in " + staged);
                assertTrue(client.isRunning(), "the client ended before it was killed");
                java.util.concurrent.locks.LockSupport.parkNanos(20_000_000L);
            }
            client.kill();
        }
        assertFalse(Files.exists(site.onDisk("/alice/killed.bin")), "nothing in the namespace");
        ClientRun ls = alice.gfal("gfal-ls", site.surl("/alice"));
        assertTrue(ls.ok() && ls.stdout().lines().noneMatch(l -> l.contains("killed")), ls.describe());
        SpecRequests.assertStatus("SRM_SUCCESS", srm.abort(token), "srmAbortRequest");
        assertTrue(OnDisk.uploadsIn(site.staging(E2eSite.ALICE_ACCOUNT)).stream()
                .noneMatch(p -> Files.isRegularFile(p)), "the aborted upload's data is removed");
        assertFalse(Files.exists(site.onDisk("/alice/killed.bin")));
    }

    private static boolean nonEmpty(Path p) {
        try {
            return Files.isRegularFile(p) && Files.size(p) > 0;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** The TURL of the request's one file: from the answer, or from status calls until there is one. */
    private static String turlOf(SpecRequests srm, String kind, String token, HttpgResponse first) throws Exception {
        HttpgResponse r = first;
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (true) {
            List<String> turls = r.texts("transferURL");
            if (!turls.isEmpty() && !turls.get(0).isEmpty()) {
                return turls.get(0);
            }
            List<String> codes = r.texts("statusArray/status/statusCode");
            assertTrue(codes.stream().allMatch(c -> c.equals("SRM_REQUEST_QUEUED") || c.equals("SRM_REQUEST_INPROGRESS")),
                    "no TURL, and none to come: " + r);
            assertTrue(System.nanoTime() < deadline, "no TURL in " + r);
            java.util.concurrent.locks.LockSupport.parkNanos(50_000_000L);
            r = srm.status(kind, token, List.of());
        }
    }
}
