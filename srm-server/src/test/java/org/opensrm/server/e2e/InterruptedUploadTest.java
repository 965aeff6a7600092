package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgResponse;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.server.e2e.KilledUploads.Killed;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.RunningClient;
import org.opensrm.testkit.SrmClients;

/**
 * An upload killed in the middle of its transfer. gfal-copy reads its source from a named pipe the test feeds at
 * about 10 MB/s (up to 200 MB), so the transfer is certainly running when the client is killed (SIGKILL to it and
 * its children: gfal2 ignores SIGINT inside a transfer and never gets to srmAbortRequest). The target SURL must
 * then not exist, and the partial data must go: at once on srmAbortRequest with the put's token (which leaves an
 * empty tombstone directory in the staging area until the put expires), or when the put has expired
 * ({@code srm.put.lifetime=60s}) and the janitor sweeps. Uploads are staged outside the SURL namespace, so the
 * target's directory never holds anything of them: it lists empty. srmRmdir removes it once the put was aborted or
 * has expired; while the put is open and its upload live it is {@code SRM_NON_EMPTY_DIRECTORY}, for a while after
 * the kill too: gfal2 uploads in stream mode, where the end of the data connection is the end of the file, so the
 * door reports the killed transfer as complete, and only the time since its last write tells it from one waiting
 * for srmPutDone ({@code srm.put.idle}, 2 min here, longer than the put's lifetime; a killed upload that stalls
 * before its put ends: {@link StalledUploadTest}). The kill itself: {@link KilledUploads}.
 */
@Timeout(300)
@Tag("integration")
class InterruptedUploadTest {
    private static final Duration PUT_LIFETIME = Duration.ofSeconds(60);

    static E2eSite site;
    static SrmClients alice;
    static Path local;
    static KilledUploads uploads;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of("srm.put.lifetime", PUT_LIFETIME.toSeconds() + "s"));
        alice = site.clients(site.alice());
        local = site.scratch("interrupted");
        uploads = new KilledUploads(site, alice, E2eSite.ALICE_ACCOUNT, local);
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    /**
     * srmAbortRequest with the killed put's token (read from gfal-copy -vvv) removes the partial data at once and
     * leaves an empty directory of the upload's name as a tombstone: a late transfer to the TURL cannot land, the
     * put reports SRM_ABORTED, and the janitor removes the tombstone when the put expires.
     */
    @Test
    void abortRequestWithTheKilledPutsTokenDiscardsTheDataAndBlocksLateWrites() throws Exception {
        Killed k = killMidTransfer("aborted-dir", "killed-then-aborted.bin");
        assertTrue(site.server().janitor().expiryOf(journaled(k)).isPresent(), "the put is pending");

        SrmSoap soap = new SrmSoap(site, site.alice());
        HttpgResponse abort = soap.abortRequest(k.token());
        assertEquals("SRM_SUCCESS", abort.text("srmAbortRequestResponse/returnStatus/statusCode"), abort.toString());
        assertTrue(Files.isDirectory(k.upload()),
                "the partial data is replaced by a tombstone: " + describe(k.upload()));
        try (Stream<Path> inside = Files.list(k.upload())) {
            assertEquals(0, inside.count(), "the tombstone is empty");
        }
        assertFalse(Files.exists(site.onDisk("/alice/aborted-dir/killed-then-aborted.bin")));
        assertEquals(List.of(), listed("/alice/aborted-dir"), "nothing of the aborted upload is in its directory");
        HttpgResponse rmdir = soap.rmdir(site.surl("/alice/aborted-dir"));
        assertEquals("SRM_SUCCESS", rmdir.text("srmRmdirResponse/returnStatus/statusCode"), rmdir.toString());
        HttpgResponse status = soap.statusOfPutRequest(k.token());
        assertEquals("SRM_ABORTED",
                status.text("srmStatusOfPutRequestResponse/arrayOfFileStatuses/statusArray/status/statusCode"),
                status.toString());

        Path late = OnDisk.randomFile(local.resolve("late.bin"), 100_000, 32);
        ClientRun write = alice.globusUrlCopy("file://" + late, k.turl());
        assertFalse(write.ok(), "a late transfer to the aborted TURL fails: " + write.describe());
        assertTrue(Files.isDirectory(k.upload()), "still the tombstone: " + describe(k.upload()));
        assertFalse(Files.exists(site.onDisk("/alice/aborted-dir")));

        awaitExpiry(k);
        site.server().janitor().sweep();
        assertFalse(Files.exists(k.upload()), "tombstone removed after expiry");
        assertFalse(site.server().janitor().expiryOf(journaled(k)).isPresent(), "nothing is left journaled");
    }

    @Test
    void theJanitorRemovesThePartialUploadOnceThePutHasExpired() throws Exception {
        Killed k = killMidTransfer("expired-dir", "killed-then-expired.bin");
        site.server().janitor().sweep(); // (what earlier tests left may have expired by now)
        assertTrue(Files.exists(k.upload()), "partial upload kept while the put may still finish");
        assertEquals(List.of(), listed("/alice/expired-dir"), "the killed upload is not listed");
        HttpgResponse rmdir = new SrmSoap(site, site.alice()).rmdir(site.surl("/alice/expired-dir"));
        if (System.nanoTime() - k.prepared() < PUT_LIFETIME.minusSeconds(5).toNanos()) { // its put surely open
            assertEquals("SRM_NON_EMPTY_DIRECTORY", rmdir.text("srmRmdirResponse/returnStatus/statusCode"),
                    "the killed upload was written to less than srm.put.idle ago: its put keeps the directory "
                            + rmdir);
        }
        assertOthersCannotReachTheUpload(k);

        awaitExpiry(k);
        site.server().janitor().sweep();
        assertFalse(Files.exists(k.upload()), "partial upload removed after expiry");
        if (Files.exists(site.onDisk("/alice/expired-dir"))) {
            rmdir = new SrmSoap(site, site.alice()).rmdir(site.surl("/alice/expired-dir"));
            assertEquals("SRM_SUCCESS", rmdir.text("srmRmdirResponse/returnStatus/statusCode"),
                    "the expired put keeps nothing: " + rmdir);
        }
        assertFalse(Files.exists(site.onDisk("/alice/expired-dir")));
        assertEquals(List.of(), OnDisk.uploadsIn(site.staging(E2eSite.ALICE_ACCOUNT)));

        HttpgResponse late = new SrmSoap(site, site.alice()).statusOfPutRequest(k.token());
        assertTrue(!"SRM_SUCCESS".equals(late.text("srmStatusOfPutRequestResponse/returnStatus/statusCode")),
                "an expired put is not reported done: " + late);
    }

    /**
     * A copy retried after its client was killed: the stale put holds the target (a new put of it is
     * SRM_FILE_BUSY, so gfal-copy fails; gfal-rm fails too, on the SRM_FILE_BUSY of its srmLs) until srmRm of the
     * target, by the account that was uploading, aborts it; then the copy succeeds at once.
     */
    @Test
    void srmRmOfATargetWhoseClientWasKilledFreesItForTheRetriedCopy() throws Exception {
        Killed k = killMidTransfer("retried-dir", "retried.bin");
        String surl = site.surl("/alice/retried-dir/retried.bin");
        Path source = OnDisk.randomFile(local.resolve("retry-source.bin"), 300_000, 77);
        ClientRun refused = alice.gfal("gfal-copy", "file://" + source, surl);
        assertFalse(refused.ok(), "the stale put holds the target: " + refused.describe());
        assertTrue(refused.output().contains("SRM_FILE_BUSY"), refused.describe());
        HttpgResponse rm = new SrmSoap(site, site.alice()).call("srmRm",
                "<srmRmRequest><arrayOfSURLs><urlArray>" + SrmSoap.xml(surl) + "</urlArray></arrayOfSURLs>"
                        + "</srmRmRequest>");
        assertEquals("SRM_SUCCESS", rm.text("srmRmResponse/returnStatus/statusCode"), rm.toString());
        assertTrue(Files.isDirectory(k.upload()), "its data is gone at once: " + describe(k.upload()));
        ClientRun retried = alice.gfal("gfal-copy", "file://" + source, surl);
        assertTrue(retried.ok(), retried.describe());
        assertEquals(OnDisk.adler32(source), OnDisk.adler32(site.onDisk("/alice/retried-dir/retried.bin")));
    }

    /**
     * While gfal-copy streams into {@code /alice/moving/f.bin}: gfal-ls of the directory shows nothing, and srmMv
     * renames the directory without disturbing the transfer. When the transfer ends, srmPutDone cannot land the
     * file at the SURL the client named (its directory is gone) and says so; gfal-copy reports it, and the data
     * reaches neither the old nor the new place.
     */
    @Test
    void aDirectoryRenamedDuringAnUploadKeepsTheTransferAndPutDoneNamesTheMissingDirectory() throws Exception {
        SrmSoap soap = new SrmSoap(site, site.alice());
        assertEquals("SRM_SUCCESS", soap.mkdir(site.surl("/alice/moving"))
                .text("srmMkdirResponse/returnStatus/statusCode"));
        Path fifo = local.resolve("moving.fifo");
        ClientRun mk = alice.run(List.of("mkfifo", "-m", "0644", fifo.toString()));
        assertTrue(mk.ok(), mk.describe());
        AtomicBoolean stop = new AtomicBoolean();
        Thread feeder = new Thread(() -> KilledUploads.feed(fifo, stop), "fifo-feeder-moving");
        feeder.setDaemon(true);
        feeder.start();
        ClientRun copy;
        List<Path> earlier = OnDisk.uploadsIn(site.staging(E2eSite.ALICE_ACCOUNT));
        try (RunningClient cp = alice.start(List.of("gfal-copy", "-vvv", "file://" + fifo,
                site.surl("/alice/moving/f.bin")))) {
            Path upload = uploads.awaitPartialUpload(cp, earlier);
            assertEquals(List.of(), listed("/alice/moving"), "the upload in progress is not listed");
            HttpgResponse mv = soap.mv(site.surl("/alice/moving"), site.surl("/alice/moved"));
            assertEquals("SRM_SUCCESS", mv.text("srmMvResponse/returnStatus/statusCode"), mv.toString());
            long before = Files.size(upload);
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (Files.size(upload) <= before && System.nanoTime() < deadline) {
                Thread.sleep(50); // polls the hidden upload's size; the feeder adds a chunk every 100 ms
            }
            assertTrue(Files.size(upload) > before, "the transfer goes on after the rename");
            stop.set(true);
            copy = cp.await();
        } finally {
            stop.set(true);
            uploads.unblock(fifo, feeder);
        }
        assertFalse(copy.ok(), "the put cannot be finished at the named SURL: " + copy.describe());
        assertTrue(copy.output().contains("/alice/moving no longer exists"), copy.describe());
        assertFalse(Files.exists(site.onDisk("/alice/moved/f.bin")), "the data does not follow the directory");
        assertFalse(Files.exists(site.onDisk("/alice/moving/f.bin")));
    }

    /**
     * Through a GridFTP door, as the mapped account srmuser2: Bob can neither read Alice's staged upload, nor
     * write over it, nor list the staging area; Alice cannot list the staging area either (only her own
     * directory in it).
     */
    private static void assertOthersCannotReachTheUpload(Killed k) throws Exception {
        SrmClients bob = site.clients(site.bob());
        long size = Files.size(k.upload());
        ClientRun read = bob.globusUrlCopy(k.turl(), "file:///dev/null");
        assertFalse(read.ok(), "Bob reads Alice's upload: " + read.describe());
        Path mine = OnDisk.randomFile(local.resolve("bobs.bin"), 1000, 5);
        ClientRun write = bob.globusUrlCopy("file://" + mine, k.turl());
        assertFalse(write.ok(), "Bob writes over Alice's upload: " + write.describe());
        assertEquals(size, Files.size(k.upload()), "Alice's upload is untouched");
        String area = k.turl().substring(0, k.turl().lastIndexOf('/', k.turl().lastIndexOf('/') - 1) + 1);
        assertTrue(area.endsWith("/.srm-uploads/"), area);
        ClientRun bobLists = bob.gfal("gfal-ls", area);
        assertFalse(bobLists.ok(), "Bob lists the staging area: " + bobLists.describe());
        ClientRun aliceLists = alice.gfal("gfal-ls", area);
        assertFalse(aliceLists.ok(), "Alice lists the staging area: " + aliceLists.describe());
        ClientRun aliceOwn = alice.gfal("gfal-ls", "-a", area + E2eSite.ALICE_ACCOUNT + "/");
        assertTrue(aliceOwn.ok() && aliceOwn.stdout().contains(k.upload().getFileName().toString()),
                "Alice lists her own staging directory: " + aliceOwn.describe());
    }

    /** The killed upload as the upload journal names it. */
    private static SrmPath journaled(Killed k) throws SrmException {
        return SrmPath.of("/.srm-uploads/" + E2eSite.ALICE_ACCOUNT + "/" + k.upload().getFileName());
    }

    /** The names gfal-ls -a (hidden names too) shows in a directory. */
    private static List<String> listed(String dir) throws Exception {
        ClientRun ls = alice.gfal("gfal-ls", "-a", site.surl(dir));
        assertTrue(ls.ok(), ls.describe());
        return ls.stdout().lines().filter(l -> !l.isBlank()).toList();
    }

    private static String describe(Path p) throws IOException {
        return Files.exists(p) ? p.getFileName() + (Files.isDirectory(p) ? " DIRECTORY " : " file ")
                + OnDisk.owner(p) + " " + Files.size(p) + " bytes, inode "
                + Files.getAttribute(p, "unix:ino") + ", modified " + Files.getLastModifiedTime(p) : "(gone)";
    }

    /**
     * Waits until the put has expired. The server's own sweep runs every 60 s; the tests then run one themselves
     * rather than wait for it.
     */
    private static void awaitExpiry(Killed k) throws InterruptedException {
        long waitUntil = k.prepared() + PUT_LIFETIME.toNanos() + Duration.ofSeconds(3).toNanos();
        while (System.nanoTime() < waitUntil) {
            Thread.sleep(200); // the lifetime itself must run out: the server in this JVM keeps the system clock
        }
    }

    /** Starts gfal-copy into {@code /alice/<dir>/<name>} (making the directory) and kills it mid-transfer. */
    private static Killed killMidTransfer(String dir, String name) throws Exception {
        return uploads.kill(new SrmSoap(site, site.alice()), "/alice", dir, name, true);
    }
}
