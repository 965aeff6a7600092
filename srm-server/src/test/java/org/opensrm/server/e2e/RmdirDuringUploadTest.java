package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opensrm.client.HttpgResponse;

/**
 * Issue 22, point 5: srmRmdir and srmLs agree about a directory with an upload in progress. While a put's file has
 * been transferred and srmPutDone not called, srmLs lists the file {@code SRM_FILE_BUSY} and srmRmdir of its
 * directory is {@code SRM_NON_EMPTY_DIRECTORY} (within {@code srm.put.idle}, 2 min here, of its last write); an
 * aborted or expired put never keeps its directory (a killed one, once stalled, neither: {@link StalledUploadTest}).
 * Both modes.
 */
@Timeout(240)
@Tag("integration")
class RmdirDuringUploadTest {
    @RegisterExtension
    static final BothModes SITES = new BothModes(Map.of("srm.reaper.interval", "1s"));

    private static String rmdir(PutCycle puts, E2eSite site, String dir) throws Exception {
        return puts.soap().rmdir(site.surl(dir)).text("srmRmdirResponse/returnStatus/statusCode");
    }

    @ParameterizedTest(name = "{0} mode")
    @ValueSource(strings = {"gateway", "full"})
    void aDirectoryWithAnUploadInProgressIsNotEmptyUntilThePutIsAborted(String mode) throws Exception {
        E2eSite site = SITES.site(mode);
        PutCycle alice = new PutCycle(site, site.alice());
        String dir = "/alice/uploading-" + mode;
        assertEquals("SRM_SUCCESS", alice.soap().mkdir(site.surl(dir)).text("srmMkdirResponse/returnStatus/statusCode"));
        String surl = site.surl(dir + "/f.bin");
        String token = alice.prepared(surl, false, 0, 0);
        Path source = OnDisk.randomFile(site.scratch("rmdir-" + mode).resolve("f.bin"), 100_000, 5);
        alice.upload(token, source);

        HttpgResponse ls = alice.soap().ls(surl, false, 0, -1, -1);
        assertEquals("SRM_FILE_BUSY", ls.text("pathDetailArray/status/statusCode"), ls::toString);
        assertEquals("SRM_NON_EMPTY_DIRECTORY", rmdir(alice, site, dir), "the upload in progress keeps it");
        assertEquals("SRM_NON_EMPTY_DIRECTORY", rmdir(new PutCycle(site, site.bob()), site, dir),
                "for everyone who may remove it");
        assertEquals("SRM_SUCCESS", alice.soap().abortRequest(token)
                .text("srmAbortRequestResponse/returnStatus/statusCode"));
        assertEquals("SRM_SUCCESS", rmdir(alice, site, dir), "an aborted put never keeps its directory");
        assertEquals(false, Files.exists(site.onDisk(dir)));
    }

    @ParameterizedTest(name = "{0} mode")
    @ValueSource(strings = {"gateway", "full"})
    void anExpiredPutNeverKeepsItsDirectory(String mode) throws Exception {
        E2eSite site = SITES.site(mode);
        PutCycle alice = new PutCycle(site, site.alice());
        String dir = "/alice/expiring-" + mode;
        assertEquals("SRM_SUCCESS", alice.soap().mkdir(site.surl(dir)).text("srmMkdirResponse/returnStatus/statusCode"));
        long made = System.nanoTime();
        String token = alice.prepared(site.surl(dir + "/f.bin"), false, 0, 8);
        String first = rmdir(alice, site, dir);
        if (System.nanoTime() - made < 7_000_000_000L) { // only while the put surely has not expired yet
            assertEquals("SRM_NON_EMPTY_DIRECTORY", first, "the open put keeps its directory");
        }
        long deadline = System.nanoTime() + 60_000_000_000L;
        String last = first;
        while (!"SRM_SUCCESS".equals(last)) {
            if (System.nanoTime() > deadline) {
                fail("srmRmdir still " + last + " a minute after the put (8 s) expired: "
                        + alice.soap().statusOfPutRequest(token));
            }
            Thread.sleep(200);
            last = rmdir(alice, site, dir);
        }
        assertEquals(List.of(), OnDisk.uploadsIn(site.staging(E2eSite.ALICE_ACCOUNT)).stream()
                .filter(Files::isRegularFile).toList());
    }
}
