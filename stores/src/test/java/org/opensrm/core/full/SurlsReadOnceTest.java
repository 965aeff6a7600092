package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.opensrm.core.full.FullModeFixture.ALICE;
import static org.opensrm.core.full.FullModeFixture.await;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.RequestKind;
import org.opensrm.core.SchedulerConfig;
import org.opensrm.core.service.FileOutcome;
import org.opensrm.core.service.GetRequest;
import org.opensrm.core.service.LocalAccounts;
import org.opensrm.core.service.LsOptions;
import org.opensrm.core.service.LsResult;
import org.opensrm.core.service.PutFile;
import org.opensrm.core.service.PutRequest;
import org.opensrm.core.service.RequestOptions;
import org.opensrm.core.service.TransferFile;
import org.opensrm.core.service.TransferResult;

/**
 * A request's SURLs are read once, when the request is made: the path read then travels with each file, and the
 * engine's workers, the status answers, srmPutDone and srmReleaseFiles use it without reading the SURL again
 * (the fixture's parser counts every reading). What the client sees is the SURL exactly as it sent it: these
 * SURLs are in forms the reading folds (host case, a repeated slash, the long form), and every answer echoes them
 * unfolded.
 */
class SurlsReadOnceTest extends FullModeTestBase {
    private static final byte[] DATA = "twelve bytes".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final List<String> GETS = List.of(
            "srm://SRM.Example.org:8443/srm/managerv2?SFN=/data//a.root",
            "srm://srm.example.org/data/b.root",
            "srm://srm.example.org:8443/srm/v2/server?SFN=/data/c.root");

    private void files() throws Exception {
        for (String name : List.of("a.root", "b.root", "c.root")) {
            LocalAccounts.file(root.resolve("data").resolve(name), LocalAccounts.SRMUSER1, DATA);
        }
    }

    private static GetRequest get(List<String> surls) {
        return new GetRequest(surls, List.of("gsiftp"), Optional.empty(), RequestOptions.NONE);
    }

    private static void assertEchoed(List<String> sent, TransferResult r) {
        assertEquals(sent, r.files().stream().map(TransferFile::surl).toList(), "the SURLs as sent, in order");
    }

    @Test
    void aQueuedGetsSurlsAreReadWhenItIsMadeAndNeverByItsWorkersStatusOrRelease() throws Exception {
        files();
        FullMode full = fx.start();
        TransferResult made = full.gets().prepare(ALICE, RequestKind.GET, get(GETS));
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, made.status());
        assertEquals(GETS.size(), fx.surls.reads(), "one reading per SURL, at intake");

        TransferResult served = fx.awaitServed(() -> full.gets().status(ALICE, RequestKind.GET, made.token(),
                List.of()));
        assertEquals(SrmStatus.SRM_SUCCESS, served.status());
        served.files().forEach(f -> assertEquals(SrmStatus.SRM_FILE_PINNED, f.status(), f.explanation()));
        assertEchoed(GETS, served);
        assertEchoed(GETS.subList(1, 2), full.gets().status(ALICE, RequestKind.GET, made.token(),
                GETS.subList(1, 2)));
        assertEquals(GETS.size(), fx.surls.reads(), "the workers and the status answers read no SURL");

        List<FileOutcome> released = full.control().release(ALICE, made.token(), GETS);
        assertEquals(GETS, released.stream().map(FileOutcome::surl).toList());
        released.forEach(o -> assertEquals(SrmStatus.SRM_SUCCESS, o.status(), o.explanation()));
        assertEquals(GETS.size(), fx.surls.reads(), "a release naming the SURLs as sent reads none of them again");
    }

    @Test
    void aGetServedAtOnceIsServedFromTheSurlsReadWhenItWasMade() throws Exception {
        files();
        FullMode full = fx.start(FullModeFixture.config().answerWithin(Duration.ofSeconds(30)).build(),
                SchedulerConfig.builder().build());
        TransferResult made = full.gets().prepare(ALICE, RequestKind.BRING_ONLINE, get(GETS));
        assertEquals(SrmStatus.SRM_SUCCESS, made.status(), made.toString());
        assertEchoed(GETS, made);
        assertEquals(GETS.size(), fx.surls.reads());
    }

    @Test
    void aPutsTargetsAreReadWhenItIsMadeAndLandedByPutDoneWithoutReadingThemAgain() throws Exception {
        FullMode full = fx.start();
        List<String> targets = List.of("srm://SRM.example.org/data//new1.root",
                "srm://srm.example.org:8443/srm/managerv2?SFN=/data/new2.root");
        TransferResult made = full.puts().prepare(ALICE, new PutRequest(targets.stream()
                .map(s -> new PutFile(s, DATA.length)).toList(), List.of("gsiftp"), false, Optional.empty(),
                Optional.empty(), RequestOptions.NONE));
        assertEquals(targets.size(), fx.surls.reads());

        TransferResult served = fx.awaitServed(() -> full.puts().status(ALICE, made.token(), List.of()));
        assertEchoed(targets, served);
        for (TransferFile f : served.files()) {
            assertEquals(SrmStatus.SRM_SPACE_AVAILABLE, f.status(), f.explanation());
            LocalAccounts.file(fx.local(f.turl()), LocalAccounts.SRMUSER1, DATA);
        }
        List<FileOutcome> done = full.puts().putDone(ALICE, made.token(), targets);
        assertEquals(targets, done.stream().map(FileOutcome::surl).toList());
        done.forEach(o -> assertEquals(SrmStatus.SRM_SUCCESS, o.status(), o.explanation()));
        assertArrayEquals(DATA, Files.readAllBytes(root.resolve("data/new1.root")));
        assertArrayEquals(DATA, Files.readAllBytes(root.resolve("data/new2.root")));
        assertEquals(targets.size(), fx.surls.reads(), "the worker and srmPutDone read no SURL");
    }

    @Test
    void anAsynchronousListingIsListedFromTheSurlsReadWhenItWasMade() throws Exception {
        files();
        FullMode full = fx.start();
        LsResult queued = full.listings().ls(ALICE, GETS, new LsOptions(false, 0, 0, 0));
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, queued.status(), "more SURLs than answered at once");
        assertEquals(GETS.size(), fx.surls.reads());
        LsResult listed = await(() -> full.listings().statusOfLs(ALICE, queued.token().orElseThrow(), 0, 0),
                r -> r.status() != SrmStatus.SRM_REQUEST_QUEUED && r.status() != SrmStatus.SRM_REQUEST_INPROGRESS);
        assertEquals(SrmStatus.SRM_SUCCESS, listed.status(), listed.explanation());
        assertEquals(List.of("/data/a.root", "/data/b.root", "/data/c.root"),
                listed.details().stream().map(d -> d.path()).toList());
        listed.details().forEach(d -> assertEquals(DATA.length, d.stat().size()));
        assertEquals(GETS.size(), fx.surls.reads(), "the worker and the status answer read no SURL");
    }
}
