package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.NoProcessLeftBehind;
import org.opensrm.testkit.PostgresCluster;
import org.opensrm.testkit.TcpRelay;

/**
 * Two full-mode frontends on one real PostgreSQL behind a real HAProxy (TCP mode, the health check of
 * {@code conf/haproxy.cfg} on each frontend's metrics port), gfal2 and the SOAP test client going through it. Each
 * frontend reaches the database through a link the test can cut ({@link TcpRelay}): a frontend whose store is
 * unreachable is taken out and the other serves; with no store anywhere the balancer's last resort still gives
 * clients a retryable SRM answer; a stopped frontend is taken out and clients keep being served.
 */
@Timeout(600)
@ExtendWith(NoProcessLeftBehind.class)
@Tag("integration")
class BalancedFrontendsTest {
    private static final List<String> GSIFTP = List.of("gsiftp");
    /** The checks run every 0.5 s and two failures take a frontend out: well within this. */
    private static final Duration DETECTION = Duration.ofSeconds(15);
    private static final long AT_ONCE_MS = 15_000;

    static PostgresCluster postgres;
    static TcpRelay linkA;
    static TcpRelay linkB;
    static E2eSite site;
    static BalancedFrontends lb;
    static SpecRequests viaBalancer;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresCluster.create();
        postgres.createDatabase("srm");
        linkA = TcpRelay.to(postgres.port());
        linkB = TcpRelay.to(postgres.port());
        Map<String, String> settings = new HashMap<>(FullModeSites.onPostgres(throughLink(linkA)));
        settings.put("metrics.port", "0");
        site = E2eSite.start(settings);
        lb = BalancedFrontends.start(site, Map.of("srm.store.postgresql.url", throughLink(linkB)));
        viaBalancer = new SpecRequests(new SrmSoap(lb.port(),
                new HttpgClient(site.alice().proxyFile(), site.grid().trustDir()).withTimeoutMillis(30_000),
                Map.of()));
        lb.haproxy().awaitState(BalancedFrontends.A, "UP", DETECTION);
        lb.haproxy().awaitState(BalancedFrontends.B, "UP", DETECTION);
    }

    private static String throughLink(TcpRelay link) {
        return "jdbc:postgresql://127.0.0.1:" + link.port() + "/srm";
    }

    @AfterAll
    static void stop() throws Exception {
        if (lb != null) {
            lb.close();
        }
        if (site != null) {
            site.close();
        }
        if (linkA != null) {
            linkA.close();
        }
        if (linkB != null) {
            linkB.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void aFrontendWithoutItsStoreOrStoppedIsTakenOutAndClientsKeepBeingServed() throws Exception {
        assertServed("both frontends up");

        linkB.cut();
        Duration out = lb.haproxy().awaitState(BalancedFrontends.B, "DOWN", DETECTION);
        System.out.printf("BalancedFrontendsTest: frontend b taken out %d ms after its store became unreachable%n",
                out.toMillis());
        assertServed("b's store unreachable");
        linkB.mend();
        lb.haproxy().awaitState(BalancedFrontends.B, "UP", DETECTION);

        linkA.cut();
        linkB.cut();
        lb.haproxy().awaitState(BalancedFrontends.A, "DOWN", DETECTION);
        lb.haproxy().awaitState(BalancedFrontends.B, "DOWN", DETECTION);
        long t0 = System.nanoTime();
        HttpgResponse refused = viaBalancer.put(List.of(lb.surl("/alice/no-store.bin")), GSIFTP, 600);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertEquals("SRM_INTERNAL_ERROR", SpecRequests.status(refused, "srmPrepareToPut"),
                "with no store anywhere the last resort answers, retryably: " + refused);
        assertTrue(ms < AT_ONCE_MS, "answered in " + ms + " ms");
        linkA.mend();
        linkB.mend();
        lb.haproxy().awaitState(BalancedFrontends.A, "UP", DETECTION);
        lb.haproxy().awaitState(BalancedFrontends.B, "UP", DETECTION);
        assertServed("stores back");

        lb.stopB();
        out = lb.haproxy().awaitState(BalancedFrontends.B, "DOWN", DETECTION);
        System.out.printf("BalancedFrontendsTest: frontend b taken out %d ms after it stopped%n", out.toMillis());
        assertServed("b stopped");
    }

    /** gfal-ls, an upload with gfal-copy and four srmPrepareToPut, all through the balancer, all served. */
    private static void assertServed(String when) throws Exception {
        for (int i = 0; i < 2; i++) {
            ClientRun ls = site.clients(site.alice()).gfal("gfal-ls", lb.surl("/alice"));
            assertTrue(ls.ok(), when + ": " + ls.describe());
        }
        String name = "/alice/" + when.replaceAll("[^a-z]", "-") + ".bin";
        Path source = OnDisk.randomFile(site.scratch("balanced").resolve("up.bin"), 50_000, 71);
        ClientRun cp = site.clients(site.alice()).gfal("gfal-copy", "-f", "file://" + source, lb.surl(name));
        assertTrue(cp.ok(), when + ": " + cp.describe());
        assertEquals(-1L, Files.mismatch(source, site.onDisk(name)), when + ": the file landed whole");
        for (int i = 0; i < 4; i++) {
            HttpgResponse put = viaBalancer.put(List.of(lb.surl(name + "." + i)), GSIFTP, 600);
            assertTrue(List.of("SRM_REQUEST_QUEUED", "SRM_REQUEST_INPROGRESS", "SRM_SUCCESS")
                    .contains(SpecRequests.status(put, "srmPrepareToPut")), when + ": " + put);
        }
    }
}
