package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.GumsResponder;
import org.opensrm.testkit.SrmClients;

/**
 * The server with {@code srm.authz.mappers=gums}, asking a GUMS responder over HTTPS with its host certificate, as
 * gfal2 users see it: GUMS' account (not the grid-mapfile's) owns what {@code gfal-mkdir} makes; a Deny and a GUMS
 * that does not answer are refused (EACCES) with a message that names GUMS; repeated calls are answered from the
 * cache, whose figures are in the metrics.
 */
@Timeout(300)
@Tag("integration")
class GfalWithGumsTest {
    static E2eSite site;
    static GumsResponder gums;
    static int gumsPort;

    @BeforeAll
    static void start() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            gumsPort = s.getLocalPort();
        }
        site = E2eSite.start(Map.of("srm.authz.mappers", "gums",
                "srm.authz.gums.url", "https://localhost:" + gumsPort + GumsResponder.PATH,
                "srm.authz.gums.timeout", "2s", "srm.authz.gums.cache.negative.ttl", "0s"));
        gums = new GumsResponder(site.grid().pki(), site.grid().pki().issueHost("localhost", List.of("localhost"),
                Duration.ofDays(1)), gumsPort, GfalWithGumsTest::aliceIsBob);
        Path shared = site.onDisk("/shared");
        Files.createDirectory(shared);
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
    }

    /** Alice acts as Bob's account; everyone else is denied. */
    private static GumsResponder.Reply aliceIsBob(GumsResponder.Received r) {
        return GumsResponder.Reply.ok(r.dn().equals(site.alice().dn()) ? GumsResponder.permit(E2eSite.BOB_ACCOUNT)
                : GumsResponder.deny());
    }

    @AfterAll
    static void stop() {
        if (gums != null) {
            gums.close();
        }
        if (site != null) {
            site.close();
        }
    }

    @Test
    void gumsDecidesTheAccountAndIsAskedOnceWithTheHostCertificate() throws Exception {
        SrmClients alice = site.clients(site.alice());
        int before = gums.received().size();
        ClientRun mkdir = alice.gfal("gfal-mkdir", site.surl("/shared/by-alice"));
        assertTrue(mkdir.ok(), mkdir.describe());
        assertEquals(E2eSite.BOB_ACCOUNT, OnDisk.owner(site.onDisk("/shared/by-alice")));
        ClientRun ls = alice.gfal("gfal-ls", site.surl("/shared"));
        assertTrue(ls.ok(), ls.describe());
        List<GumsResponder.Received> asked = gums.received().subList(before, gums.received().size());
        assertEquals(1, asked.size(), "the later calls are answered from the cache");
        assertEquals(site.alice().dn(), asked.get(0).dn());
        assertEquals(site.grid().hostCredential().certificate().getSubjectX500Principal().getName(),
                asked.get(0).clientCertificateSubject());
        assertEquals(List.of("localhost"), asked.get(0).seHost());
        String metrics = site.server().metrics().render();
        assertTrue(metrics.contains("srm_gums_cache_hits_total"), metrics);
        assertFalse(metrics.contains("srm_gums_cache_hits_total 0\n"), metrics);
    }

    @Test
    void aDenyIsRefused() throws Exception {
        ClientRun ls = site.clients(site.bob()).gfal("gfal-ls", site.surl("/shared"));
        assertEquals(13, ls.exitCode(), ls.describe());
        assertTrue(ls.stderr().contains("GUMS denied"), ls.describe());
    }

    @Test
    void aGumsThatDoesNotAnswerInTimeIsRefusedNeverAllowed() throws Exception {
        gums.answer(r -> GumsResponder.Reply.ok(GumsResponder.permit(E2eSite.BOB_ACCOUNT)).delayed(10_000));
        try {
            ClientRun mkdir = site.clients(site.carol()).gfal("gfal-mkdir", site.surl("/shared/by-carol"));
            assertEquals(13, mkdir.exitCode(), mkdir.describe());
            assertTrue(mkdir.stderr().contains("GUMS"), mkdir.describe());
            assertFalse(Files.exists(site.onDisk("/shared/by-carol")));
        } finally {
            gums.answer(GfalWithGumsTest::aliceIsBob);
        }
    }
}
