package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.opensrm.server.e2e.SpecRequests.assertStatus;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.PostgresCluster;

/**
 * Full mode on PostgreSQL while the database goes away and comes back (pg_ctl stop, pg_ctl start): calls that need
 * the store are answered SRM_INTERNAL_ERROR at once, calls that do not are served, nothing accepted before is lost,
 * and the server serves again by itself once the database is back, without a restart.
 */
@Timeout(300)
@Tag("integration")
class StoreOutageTest {
    private static final List<String> GSIFTP = List.of("gsiftp");
    /** Well above the store's connection timeout (2 s) and well below the client's own (30 s). */
    private static final long AT_ONCE_MS = 15_000;

    static PostgresCluster postgres;
    static E2eSite site;
    static SpecRequests alice;
    static SrmSoap soap;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresCluster.create();
        site = E2eSite.start(FullModeSites.onPostgres(postgres.createDatabase("srm")));
        soap = new SrmSoap(site, site.alice());
        alice = new SpecRequests(soap);
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void withTheDatabaseStoppedCallsFailAtOnceAndServiceResumesWhenItIsBack() throws Exception {
        String surl = site.surl("/alice/outage.bin");
        String token = SpecRequests.requestToken(alice.put(List.of(surl), GSIFTP, 3600), "srmPrepareToPut");
        HttpgResponse before = FullModeSites.pollUntilSettled(() -> alice.status("Put", token, List.of()),
                "srmStatusOfPutRequest");
        List<String> filesBefore = SpecRequests.fileStatuses(before);

        postgres.stop();
        try {
            long t0 = System.nanoTime();
            HttpgResponse status = alice.status("Put", token, List.of());
            long statusMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertStatus("SRM_INTERNAL_ERROR", status, "srmStatusOfPutRequest");
            assertTrue(statusMs < AT_ONCE_MS, "answered in " + statusMs + " ms, not after a hang");

            t0 = System.nanoTime();
            HttpgResponse refused = alice.put(List.of(site.surl("/alice/during.bin")), GSIFTP, 600);
            long putMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertStatus("SRM_INTERNAL_ERROR", refused, "srmPrepareToPut");
            assertTrue(putMs < AT_ONCE_MS, "answered in " + putMs + " ms, not after a hang");

            HttpgResponse ls = alice.ls(List.of(site.surl("/alice")));
            assertStatus("SRM_SUCCESS", ls, "srmLs"); // the namespace does not need the store
        } finally {
            postgres.start();
        }

        HttpgResponse after = alice.status("Put", token, List.of());
        for (int i = 0; i < 150 && "SRM_INTERNAL_ERROR".equals(SpecRequests.status(after, "srmStatusOfPutRequest"));
                i++) {
            Thread.sleep(200); // the pool reconnects on its own; no restart, no operator
            after = alice.status("Put", token, List.of());
        }
        assertEquals(SpecRequests.status(before, "srmStatusOfPutRequest"),
                SpecRequests.status(after, "srmStatusOfPutRequest"), "the request is as it was: " + after);
        assertEquals(filesBefore, SpecRequests.fileStatuses(after), after.toString());

        HttpgResponse again = alice.put(List.of(site.surl("/alice/after.bin")), GSIFTP, 600);
        assertTrue(List.of("SRM_REQUEST_QUEUED", "SRM_REQUEST_INPROGRESS", "SRM_SUCCESS")
                .contains(SpecRequests.status(again, "srmPrepareToPut")), "new requests are accepted again: " + again);
    }
}
