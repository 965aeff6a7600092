package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.SrmClients;

/**
 * Issue 22, point 2: an upload whose client was killed mid-transfer no longer blocks its SURL until the put's
 * lifetime (4 h by default). The same account's new put of the SURL with overwrite — what {@code gfal-copy -f}
 * asks — supersedes its own open put: the old put ends ({@code SRM_ABORTED}, its partial data gone) and the new one
 * goes on. A put without overwrite, and another account's put with it, are still {@code SRM_FILE_BUSY}. Both
 * modes; the targets are in a directory both accounts may write. (gfal2 2.21's {@code gfal-copy -f} also removes
 * the target with srmRm before its put, which aborts the caller's open put as well; the SOAP test shows the put
 * with overwrite alone superseding it, as clients that do not remove first need.)
 */
@Timeout(300)
@Tag("integration")
class SupersededUploadTest {
    @RegisterExtension
    static final BothModes SITES = new BothModes(Map.of());

    /** A directory srmuser1 and srmuser2 may both write, made on disk. */
    private static String sharedDirectory(E2eSite site, String name) throws Exception {
        Path dir = Files.createDirectory(site.onDisk("/alice/" + name));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        return "/alice/" + name;
    }

    @ParameterizedTest(name = "{0} mode")
    @ValueSource(strings = {"gateway", "full"})
    void gfalCopyWithOverwriteAfterAKilledCopySucceedsAndAnotherAccountIsStillBusy(String mode) throws Exception {
        E2eSite site = SITES.site(mode);
        String dir = sharedDirectory(site, "killed-" + mode);
        String surl = site.surl(dir + "/f.bin");
        SrmClients alice = site.clients(site.alice());
        Path local = site.scratch("superseded-" + mode);
        PutCycle alicePuts = new PutCycle(site, site.alice());
        KilledUploads.Killed killed = new KilledUploads(site, alice, E2eSite.ALICE_ACCOUNT, local)
                .kill(alicePuts.soap(), "/alice", "killed-" + mode, "f.bin", false);

        assertEquals(List.of("SRM_FILE_BUSY"), fileStatuses(new PutCycle(site, site.bob()), surl, true),
                "another account's put with overwrite does not supersede Alice's");
        assertEquals(List.of("SRM_FILE_BUSY"), fileStatuses(alicePuts, surl, false),
                "without overwrite the open put is not superseded");

        Path source = OnDisk.randomFile(local.resolve("source.bin"), 300_000, 7);
        ClientRun retried = alice.gfal("gfal-copy", "-f", "file://" + source, surl);
        assertTrue(retried.ok(), retried.describe());
        assertEquals(OnDisk.adler32(source), OnDisk.adler32(site.onDisk(dir + "/f.bin")));
        assertTrue(!Files.isRegularFile(killed.upload()), "the killed upload's data is gone");
        HttpgResponse old = alicePuts.soap().statusOfPutRequest(killed.token());
        assertEquals(List.of("SRM_ABORTED"), SpecRequests.fileStatuses(old), old::toString);
    }

    @ParameterizedTest(name = "{0} mode")
    @ValueSource(strings = {"gateway", "full"})
    void aPutWithOverwriteSupersedesTheSameAccountsOpenPutOnly(String mode) throws Exception {
        E2eSite site = SITES.site(mode);
        String surl = site.surl(sharedDirectory(site, "open-" + mode) + "/g.bin");
        PutCycle alice = new PutCycle(site, site.alice());
        PutCycle bob = new PutCycle(site, site.bob());
        String first = alice.prepared(surl, false, 0, 0);

        assertEquals(List.of("SRM_FILE_BUSY"), fileStatuses(bob, surl, true), "Bob cannot supersede Alice's put");
        String second = alice.prepared(surl, true, 0, 0);
        HttpgResponse old = alice.soap().statusOfPutRequest(first);
        assertEquals(List.of("SRM_ABORTED"), SpecRequests.fileStatuses(old), old::toString);
        assertEquals("SRM_ABORTED", SpecRequests.status(old, "srmStatusOfPutRequest"), old::toString);
        assertEquals(List.of("SRM_FILE_BUSY"), fileStatuses(bob, surl, true), "the new put holds the SURL");

        Path source = OnDisk.randomFile(site.scratch("open-" + mode).resolve("g.bin"), 50_000, 9);
        alice.upload(second, source);
        assertEquals("SRM_SUCCESS", alice.putDone(second, surl));
        assertEquals(OnDisk.adler32(source), OnDisk.adler32(site.onDisk("/alice/open-" + mode + "/g.bin")));
    }

    /** The file statuses a put of {@code surl} ends with once nothing waits. */
    private static List<String> fileStatuses(PutCycle puts, String surl, boolean overwrite) throws Exception {
        HttpgResponse made = puts.prepare(List.of(surl), overwrite, 0, 0);
        return SpecRequests.fileStatuses(puts.awaitServed(SpecRequests.requestToken(made, "srmPrepareToPut")));
    }
}
