package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Tag;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.NoProcessLeftBehind;
import org.opensrm.testkit.SmallFileSystem;
import org.opensrm.testkit.SrmClients;

/**
 * The disk fills during an upload (POSIX, full mode): the backend root, staging area included, is a tmpfs of
 * 16 MiB, and the uploads are 24 MiB, so the GridFTP door's write fails with ENOSPC in the middle of the transfer.
 * gfal-copy fails at once (the door resets the data connection: the client reads "Connection reset by peer") and,
 * as gfal2 does after a failed transfer, aborts the put: no file at the SURL, no data left in the staging area, the space given back, and the same SURL
 * takes the next upload that fits. A client that calls srmPutDone after such a transfer instead (having declared
 * the size, as gfal2 does) gets SRM_FAILURE naming both sizes, and the truncated upload is removed, never landed.
 */
@Timeout(300)
@ExtendWith(NoProcessLeftBehind.class)
@Tag("integration")
class DiskFullUploadTest {
    private static final long DISK_BYTES = 16L << 20;
    private static final long TOO_BIG = 24L << 20;

    static Path root;
    static SmallFileSystem disk;
    static E2eSite site;
    static SrmClients alice;
    static PutCycle cycle;
    static Path local;

    @BeforeAll
    static void start() throws Exception {
        root = Files.createTempDirectory(Path.of("/tmp"), "opensrm-disk-full-");
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        disk = SmallFileSystem.mount(root, DISK_BYTES, "0755");
        Path home = Files.createDirectory(root.resolve("alice"));
        Files.setOwner(home, home.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(E2eSite.ALICE_ACCOUNT));
        site = E2eSite.start(Map.of("srm.mode", "full", "backend.root", root.toString()));
        alice = site.clients(site.alice());
        cycle = new PutCycle(site, site.alice());
        local = site.scratch("disk-full");
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (site != null) {
                site.close();
            }
        } finally {
            if (disk != null) {
                disk.close();
            }
            Files.deleteIfExists(root);
        }
    }

    @Test
    void gfalCopyFailsWhenTheDiskFillsAndLeavesNothingBehind() throws Exception {
        Path big = OnDisk.randomFile(local.resolve("big.bin"), TOO_BIG, 11);
        List<Path> before = stagedData();
        long free = disk.available();
        String surl = site.surl("/alice/big.bin");
        ClientRun copy = alice.gfal("gfal-copy", "file://" + big, surl);
        assertFalse(copy.ok(), copy.describe());
        assertTrue(copy.exitCode() > 0 && !copy.timedOut(), "it fails at once: " + copy.describe());
        assertTrue(sawTheFullDisk(copy), copy.describe());
        printDoorsLog("No space left");

        assertNothingAt("/alice/big.bin");
        assertEquals(before, stagedData(), "no data of the failed upload is left");
        assertTrue(disk.available() >= free - (1 << 20), "its space is given back: " + disk.available() + " of "
                + free + " bytes free");

        Path fits = OnDisk.randomFile(local.resolve("fits.bin"), 1 << 20, 12);
        ClientRun again = alice.gfal("gfal-copy", "file://" + fits, surl);
        assertTrue(again.ok(), "the SURL takes the next upload that fits: " + again.describe());
        assertEquals(OnDisk.adler32(fits), OnDisk.adler32(onDisk("/alice/big.bin")));
    }

    @Test
    void putDoneAfterATransferCutByAFullDiskIsRefusedAndTheUploadRemoved() throws Exception {
        Path big = OnDisk.randomFile(local.resolve("declared.bin"), TOO_BIG, 13);
        List<Path> before = stagedData();
        long free = disk.available();
        String surl = site.surl("/alice/declared.bin");
        HttpgResponse made = cycle.soap().call("srmPrepareToPut", "<srmPrepareToPutRequest><arrayOfFileRequests>"
                + "<requestArray><targetSURL>" + SrmSoap.xml(surl) + "</targetSURL><expectedFileSize>" + TOO_BIG
                + "</expectedFileSize></requestArray></arrayOfFileRequests>"
                + "<desiredFileStorageType>PERMANENT</desiredFileStorageType><transferParameters>"
                + "<arrayOfTransferProtocols><stringArray>gsiftp</stringArray></arrayOfTransferProtocols>"
                + "</transferParameters></srmPrepareToPutRequest>");
        String token = SpecRequests.requestToken(made, "srmPrepareToPut");
        HttpgResponse served = cycle.awaitServed(token);
        assertEquals(List.of("SRM_SPACE_AVAILABLE"), SpecRequests.fileStatuses(served), served.toString());

        ClientRun transfer = alice.globusUrlCopy("file://" + big, cycle.turl(token));
        assertFalse(transfer.ok(), transfer.describe());
        assertTrue(sawTheFullDisk(transfer), transfer.describe());
        List<Path> truncated = new java.util.ArrayList<>(stagedData());
        truncated.removeAll(before);
        assertEquals(1, truncated.size(), "the truncated upload waits in the staging area: " + truncated);
        assertTrue(Files.size(truncated.get(0)) < TOO_BIG);
        assertFalse(Files.exists(onDisk("/alice/declared.bin")), "staged, not at its SURL");
        HttpgResponse open = new SpecRequests(cycle.soap()).ls(List.of(surl));
        assertEquals(List.of("SRM_FILE_BUSY"), SpecRequests.fileStatuses(open), "its put is still open: " + open);

        HttpgResponse done = cycle.soap().putDone(token, surl);
        assertEquals("SRM_FAILURE", done.text("statusArray/status/statusCode"), done.toString());
        String why = done.text("statusArray/status/explanation");
        assertTrue(why.contains(TOO_BIG + " were declared") && why.contains("discarded"), done.toString());
        assertNothingAt("/alice/declared.bin");
        assertEquals(before, stagedData(), "the truncated upload is removed");
        assertTrue(disk.available() >= free - (1 << 20), "its space is given back");
        HttpgResponse after = cycle.soap().statusOfPutRequest(token);
        assertEquals(List.of("SRM_FAILURE"), SpecRequests.fileStatuses(after), after.toString());
    }

    /**
     * What a client reads when the door's disk fills, depending on whether the door's failed write comes before the
     * client has sent everything: the door's own 500 naming ENOSPC, or the reset of the data connection.
     */
    private static boolean sawTheFullDisk(ClientRun run) {
        return run.output().contains("Connection reset by peer") || run.output().contains("No space left on device");
    }

    /** For the record: what the doors logged about the failed write (the client may read only the reset). */
    private static void printDoorsLog(String cause) throws IOException {
        (site.doorA().log() + site.doorB().log()).lines().filter(l -> l.contains(cause))
                .forEach(l -> System.out.println("door log: " + l));
    }

    /** Neither on disk nor through srmLs is there anything at {@code path}. */
    private static void assertNothingAt(String path) throws IOException {
        assertFalse(Files.exists(onDisk(path)), path + " on disk");
        HttpgResponse ls = new SpecRequests(cycle.soap()).ls(List.of(site.surl(path)));
        assertEquals(List.of("SRM_INVALID_PATH"), SpecRequests.fileStatuses(ls), ls.toString());
    }

    /** The regular files (uploads holding data) in Alice's staging directory; tombstones are empty directories. */
    private static List<Path> stagedData() throws IOException {
        return OnDisk.uploadsIn(OnDisk.stagingOf(root, E2eSite.ALICE_ACCOUNT)).stream()
                .filter(Files::isRegularFile).toList();
    }

    private static Path onDisk(String path) {
        return root.resolve(path.substring(1));
    }
}
