package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.opensrm.server.e2e.SpecRequests.assertStatus;
import static org.opensrm.server.e2e.SpecRequests.fileStatuses;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.SignedJWT;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opensrm.server.SrmServer;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.NoProcessLeftBehind;
import org.opensrm.testkit.TestIssuerEndpoint;
import org.opensrm.testkit.TestTokenIssuer;

/**
 * Issue 22, point 13, end to end: a server configured with an issuer by URL only (no JWKS file) fetches its keys
 * from a real HTTPS issuer on loopback (certificate from the site's CA, trusted through {@code srm.cadir}), serves
 * bearer-token clients over HTTPS, follows the issuer's key rotation, keeps serving tokens of cached keys once the
 * issuer is stopped, refuses a banned token subject, and opens srmBringOnline to {@code storage.stage} only.
 */
@Timeout(240)
@ExtendWith(NoProcessLeftBehind.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class) // the issuer is stopped in the last test
@Tag("integration")
class TokenIssuersByUrlEndToEndTest {
    static final String AUD = "https://srm.test.opensrm.org";

    static E2eSite site;
    static TestIssuerEndpoint endpoint;
    static SrmServer server;
    static TestTokenIssuer first;
    static TestTokenIssuer second;
    static Path bansFile;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of());
        endpoint = new TestIssuerEndpoint(site.grid().hostCredential());
        Path keys = site.scratch("jwks");
        first = new TestTokenIssuer(keys, "first", endpoint.iss(), AUD);
        second = new TestTokenIssuer(keys, "second", endpoint.iss(), AUD);
        endpoint.serve(List.of(first.key()));
        Path bans = Files.writeString(site.base().resolve("token-bans"), "\"" + site.mallory().dn() + "\"\n"
                + "token " + endpoint.iss() + " banned-subject\n");
        Files.createDirectories(site.onDisk("/alice/data"));
        Files.writeString(site.onDisk("/alice/data/f1"), "data");
        bansFile = bans;
        server = site.frontend("tokens", tokenSettings());
    }

    /** Issuer {@code test} by URL only (no JWKS file), trusted through the site's CA directory. */
    private static Map<String, String> tokenSettings() {
        return Map.of(
                "srm.authz.mappers", "gridmap,token",
                "srm.authz.tokens.issuers", "test",
                "srm.authz.tokens.issuer.test.iss", endpoint.iss(),
                "srm.authz.tokens.issuer.test.base", "/alice",
                "srm.authz.tokens.issuer.test.account", E2eSite.ALICE_ACCOUNT,
                "srm.authz.tokens.audiences", AUD,
                "srm.authz.tokens.fetch.trust", "cadir",
                "srm.authz.tokens.fetch.unknown.kid.gap", "0s",
                "srm.banlist", bansFile.toString());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (endpoint != null) {
            endpoint.close();
        }
        if (site != null) {
            site.close();
        }
    }

    private static SrmSoap as(String token) {
        return new SrmSoap(server.port(), HttpgClient.trustingAnyServer(null).noGsiByte().withTimeoutMillis(30_000),
                Map.of("Authorization", "Bearer " + token));
    }

    private static HttpgResponse ls(String token, String path) throws Exception {
        return new SpecRequests(as(token)).ls(List.of(E2eSite.surl(server.port(), path)));
    }

    private static HttpgResponse bringOnline(String token, String path) throws Exception {
        return as(token).call("srmBringOnline", bringOnlineRequest(server.port(), path));
    }

    private static String bringOnlineRequest(int port, String path) {
        return "<srmBringOnlineRequest><arrayOfFileRequests><requestArray>"
                + "<sourceSURL>" + SrmSoap.xml(E2eSite.surl(port, path)) + "</sourceSURL></requestArray>"
                + "</arrayOfFileRequests><desiredFileStorageType>PERMANENT</desiredFileStorageType>"
                + "</srmBringOnlineRequest>";
    }

    private static String withKid(TestTokenIssuer issuer, String kid, String scope) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(kid).build(),
                issuer.claims("someone", scope).build());
        jwt.sign(new RSASSASigner(issuer.key()));
        return jwt.serialize();
    }

    @Test
    @Order(9)
    void keysFetchedByUrlServeTokensFollowRotationAndOutliveTheIssuer() throws Exception {
        assertTrue(endpoint.jwksRequests() >= 1, "the server fetched the keys itself");
        assertStatus("SRM_SUCCESS", ls(first.token("alice-sub", "storage.read:/data"), "/alice/data/f1"), "srmLs");

        endpoint.serve(List.of(first.key(), second.key()));
        int before = endpoint.jwksRequests();
        assertStatus("SRM_SUCCESS", ls(second.token("alice-sub", "storage.read:/data"), "/alice/data/f1"), "srmLs");
        assertEquals(before + 1, endpoint.jwksRequests(), "the rotated key id fetched the keys once");

        endpoint.close();
        assertStatus("SRM_SUCCESS", ls(second.token("alice-sub", "storage.read:/data"), "/alice/data/f1"), "srmLs");
        HttpgResponse unknown = ls(withKid(second, "never-published", "storage.read:/data"), "/alice/data/f1");
        assertStatus("SRM_AUTHORIZATION_FAILURE", unknown, "srmLs");
        assertTrue(unknown.text("srmLsResponse/returnStatus/explanation").contains("not among the keys"),
                unknown::toString);
    }

    @Test
    @Order(2)
    void aBannedTokenSubjectIsRefused() throws Exception {
        HttpgResponse r = ls(first.token("banned-subject", "storage.read:/data"), "/alice/data/f1");
        assertStatus("SRM_AUTHORIZATION_FAILURE", r, "srmLs");
        assertTrue(r.text("srmLsResponse/returnStatus/explanation").contains("banned"), r::toString);
        assertStatus("SRM_SUCCESS", ls(first.token("another-subject", "storage.read:/data"), "/alice/data/f1"),
                "srmLs");
    }

    @Test
    @Order(3)
    void bringOnlineNeedsStorageStageInFullModeToo() throws Exception {
        Map<String, String> full = new java.util.HashMap<>(tokenSettings());
        full.put("srm.mode", "full");
        try (SrmServer queued = site.frontend("tokens-full", full)) {
            SrmSoap read = new SrmSoap(queued.port(), HttpgClient.trustingAnyServer(null).noGsiByte()
                    .withTimeoutMillis(30_000), Map.of("Authorization", "Bearer "
                    + first.token("alice-sub", "storage.read:/data")));
            HttpgResponse refused = read.call("srmBringOnline", bringOnlineRequest(queued.port(), "/alice/data/f1"));
            assertEquals(List.of("SRM_AUTHORIZATION_FAILURE"), fileStatuses(refused), refused::toString);
            SrmSoap stage = new SrmSoap(queued.port(), HttpgClient.trustingAnyServer(null).noGsiByte()
                    .withTimeoutMillis(30_000), Map.of("Authorization", "Bearer "
                    + first.token("alice-sub", "storage.stage:/data")));
            HttpgResponse accepted = stage.call("srmBringOnline", bringOnlineRequest(queued.port(), "/alice/data/f1"));
            assertTrue(List.of("SRM_REQUEST_QUEUED", "SRM_REQUEST_INPROGRESS", "SRM_SUCCESS")
                    .contains(SpecRequests.status(accepted, "srmBringOnline")), accepted::toString);
        }
    }

    @Test
    @Order(1)
    void bringOnlineNeedsStorageStageWhichAlsoReads() throws Exception {
        HttpgResponse readOnly = bringOnline(first.token("alice-sub", "storage.read:/data"), "/alice/data/f1");
        assertEquals(List.of("SRM_AUTHORIZATION_FAILURE"), fileStatuses(readOnly), readOnly::toString);
        String stage = first.token("alice-sub", "storage.stage:/data");
        HttpgResponse staged = bringOnline(stage, "/alice/data/f1");
        assertStatus("SRM_SUCCESS", staged, "srmBringOnline");
        assertStatus("SRM_SUCCESS", ls(stage, "/alice/data/f1"), "srmLs");
    }
}
