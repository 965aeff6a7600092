package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.opensrm.core.full.FullModeFixture.ALICE;
import static org.opensrm.core.full.FullModeFixture.BOB;
import static org.opensrm.core.full.FullModeFixture.await;
import static org.opensrm.core.full.FullModeFixture.surl;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.LocalAccounts;
import org.opensrm.core.service.LsOptions;
import org.opensrm.core.service.LsResult;
import org.opensrm.core.service.PathDetail;

/** srmLs in full mode: small listings at once, large or recursive ones queued and polled. */
class QueuedListServiceTest extends FullModeTestBase {
    private FullMode full;

    @BeforeEach
    void setUp() throws Exception {
        full = fx.start();
        LocalAccounts.dir(root.resolve("data/tree"), LocalAccounts.SRMUSER1);
        LocalAccounts.dir(root.resolve("data/tree/sub"), LocalAccounts.SRMUSER1);
        for (int i = 0; i < 5; i++) {
            LocalAccounts.file(root.resolve("data/tree/f" + i), LocalAccounts.SRMUSER1, new byte[i]);
        }
        LocalAccounts.file(root.resolve("data/tree/sub/deep"), LocalAccounts.SRMUSER1, new byte[9]);
    }

    private LsResult awaitListed(String token) throws Exception {
        return await(() -> full.listings().statusOfLs(ALICE, token, 0, 0),
                r -> r.status() != SrmStatus.SRM_REQUEST_QUEUED && r.status() != SrmStatus.SRM_REQUEST_INPROGRESS);
    }

    @Test
    void aSmallListingIsAnsweredAtOnce() throws Exception {
        LsResult r = full.listings().ls(ALICE, List.of(surl("/data/tree")), new LsOptions(false, 1, 0, 0));
        assertEquals(SrmStatus.SRM_SUCCESS, r.status());
        assertEquals(Optional.empty(), r.token());
        assertEquals(6, r.details().get(0).children().size());
    }

    @Test
    void aRecursiveListingIsQueuedThenAnsweredWithEveryLevelAndPages() throws Exception {
        LsResult queued = full.listings().ls(ALICE, List.of(surl("/data/tree")), new LsOptions(false, -1, 0, 0));
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, queued.status());
        assertTrue(queued.details().isEmpty());
        String token = queued.token().orElseThrow();

        LsResult done = awaitListed(token);
        assertEquals(SrmStatus.SRM_SUCCESS, done.status());
        PathDetail tree = done.details().get(0);
        assertEquals(6, tree.children().size());
        PathDetail sub = tree.children().stream().filter(c -> c.path().endsWith("/sub")).findFirst().orElseThrow();
        assertEquals(List.of("/data/tree/sub/deep"), sub.children().stream().map(PathDetail::path).toList());

        LsResult page = full.listings().statusOfLs(ALICE, token, 2, 3);
        assertEquals(tree.children().subList(2, 5), page.details().get(0).children());
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                assertThrows(SrmException.class, () -> full.listings().statusOfLs(BOB, token, 0, 0)).status());
    }

    @Test
    void manySurlsAreQueuedAndEachKeepsItsOwnOutcome() throws Exception {
        LsResult queued = full.listings().ls(ALICE, List.of(surl("/data/tree/f1"), surl("/data/tree/none"),
                "srm://elsewhere.org/x"), new LsOptions(true, 0, 0, 0));
        assertEquals(SrmStatus.SRM_REQUEST_INPROGRESS, queued.status(), "one SURL was refused at once");
        LsResult done = awaitListed(queued.token().orElseThrow());
        assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS, done.status());
        assertEquals(SrmStatus.SRM_SUCCESS, done.details().get(0).status());
        assertEquals(1, done.details().get(0).stat().size());
        assertEquals("00010001", done.details().get(0).adler32(), "full detail carries the checksum");
        assertEquals(SrmStatus.SRM_INVALID_PATH, done.details().get(1).status());
        assertEquals(SrmStatus.SRM_INVALID_PATH, done.details().get(2).status());
    }

    @Test
    void afterARestartAFinishedListingIsListedAgain() throws Exception {
        String token = full.listings().ls(ALICE, List.of(surl("/data/tree")), new LsOptions(false, 2, 0, 0))
                .token().orElseThrow();
        LsResult before = awaitListed(token);
        fx.stop();
        full = fx.start();
        LsResult after = full.listings().statusOfLs(ALICE, token, 0, 0);
        assertEquals(SrmStatus.SRM_SUCCESS, after.status());
        assertEquals(paths(before.details()), paths(after.details()));
    }

    private static List<String> paths(List<PathDetail> details) {
        List<String> out = new java.util.ArrayList<>();
        for (PathDetail d : details) {
            out.add(d.path());
            out.addAll(paths(d.children()));
        }
        return out;
    }
}
