package org.opensrm.loadtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ping, put and get operations against the in-test httpg server. */
class OperationsTest {
    @TempDir
    static Path dir;
    static TestPki pki;

    @BeforeAll
    static void pki() throws Exception {
        pki = new TestPki(dir);
    }

    private static LoadTestConfig.Builder against(TinySrmServer server, Operation op) {
        return LoadTestConfig.builder()
                .endpoint(SrmEndpoint.parse(server.endpoint())).proxyFile(pki.proxyFile).caDir(pki.trustDir())
                .operation(op).targets(List.of(TargetSurl.parse("srm://localhost/data/upload")))
                .concurrencyLevels(List.of(2)).duration(Duration.ofMillis(600)).warmup(Duration.ofSeconds(1))
                .pollInterval(Duration.ofMillis(5));
    }

    @Test
    void pingNeedsNoSurlAndIsOkWithAVersion() throws Exception {
        try (TinySrmServer server = new TinySrmServer(pki.host, pki.pki.caCertificate(), 200)) {
            LevelResult r = new LoadTest(against(server, Operation.PING).build(), ProgressListener.NONE)
                    .run().get(0);

            assertEquals(TargetSurl.NONE, r.target());
            assertTrue(r.ok() > 0);
            assertEquals(r.ok(), r.requests());
            assertEquals(r.ok(), r.statusCounts().get("srmPing v2.2"));
        }
    }

    @Test
    void putCycleRunsPrepareStatusAndPutDoneAndAcceptsAFailedPutDone() throws Exception {
        try (TinySrmServer server = new TinySrmServer(pki.host, pki.pki.caCertificate(), 200)) {
            LevelResult r = new LoadTest(against(server, Operation.PUT).build(), ProgressListener.NONE)
                    .run().get(0);

            assertTrue(r.ok() > 0, r.toString());
            assertEquals(r.ok(), r.requests());
            assertEquals(r.ok(), r.statusCounts().get("srmPutDone SRM_FAILURE/SRM_INVALID_PATH"));
            long prepares = server.operations.stream().filter("srmPrepareToPut"::equals).count();
            long polls = server.operations.stream().filter("srmStatusOfPutRequest"::equals).count();
            long dones = server.operations.stream().filter("srmPutDone"::equals).count();
            assertTrue(prepares >= r.ok() && polls >= r.ok() && dones >= r.ok());
            assertTrue(prepares - dones <= 2, "each cycle finishes with a PutDone");
        }
    }

    @Test
    void getCycleRunsPrepareStatusUntilPinnedAndReleaseFiles() throws Exception {
        try (TinySrmServer server = new TinySrmServer(pki.host, pki.pki.caCertificate(), 200)) {
            LevelResult r = new LoadTest(against(server, Operation.GET).build(), ProgressListener.NONE)
                    .run().get(0);

            assertTrue(r.ok() > 0, r.toString());
            assertEquals(r.ok(), r.requests());
            assertEquals(r.ok(), r.statusCounts().get("srmReleaseFiles SRM_SUCCESS/SRM_SUCCESS"));
            long prepares = server.operations.stream().filter("srmPrepareToGet"::equals).count();
            long polls = server.operations.stream().filter("srmStatusOfGetRequest"::equals).count();
            long releases = server.operations.stream().filter("srmReleaseFiles"::equals).count();
            assertTrue(polls >= 2 * r.ok(), "polled until pinned: " + polls + " polls, " + r.ok() + " cycles");
            assertTrue(prepares >= r.ok() && releases >= r.ok());
            assertTrue(prepares - releases <= 2, "each cycle finishes with a ReleaseFiles");
        }
    }
}
