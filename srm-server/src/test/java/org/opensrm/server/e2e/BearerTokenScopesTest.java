package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.opensrm.server.e2e.SpecRequests.assertStatus;
import static org.opensrm.server.e2e.SpecRequests.fileStatuses;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.PlainHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.TestTokenIssuer;
import org.slf4j.LoggerFactory;

/**
 * WLCG bearer tokens over real HTTPS (no client certificate, no GSI byte) against a server whose chain is
 * gridmap then token: each storage scope allows exactly its operations under its path (issuer base
 * {@code /alice}); bad tokens are refused with SRM_AUTHORIZATION_FAILURE and an audit line naming the reason;
 * neither certificate nor token gets HTTP 401 with the Bearer challenge; a certificate client on the same port is
 * served as before.
 */
@Timeout(180)
@Tag("integration")
class BearerTokenScopesTest {
    static final String ISS = "https://tokens.test.opensrm.org/";
    static final String AUD = "https://srm.test.opensrm.org";

    static E2eSite site;
    static TestTokenIssuer issuer;
    static TestTokenIssuer stranger;
    ListAppender<ILoggingEvent> audit;

    @BeforeAll
    static void start() throws Exception {
        Path keys = Files.createTempDirectory("opensrm-jwks-");
        issuer = new TestTokenIssuer(keys, "test-key", ISS, AUD);
        stranger = new TestTokenIssuer(keys, "stranger-key", "https://elsewhere.test.opensrm.org/", AUD);
        Map<String, String> cfg = new HashMap<>();
        cfg.put("srm.authz.mappers", "gridmap,token");
        cfg.put("srm.authz.tokens.issuers", "test");
        cfg.put("srm.authz.tokens.issuer.test.iss", ISS);
        cfg.put("srm.authz.tokens.issuer.test.jwks", issuer.jwksFile().toString());
        cfg.put("srm.authz.tokens.issuer.test.base", "/alice");
        cfg.put("srm.authz.tokens.issuer.test.account", E2eSite.ALICE_ACCOUNT);
        cfg.put("srm.authz.tokens.audiences", AUD);
        site = E2eSite.start(cfg);
        Files.createDirectories(site.onDisk("/alice/data"));
        Files.writeString(site.onDisk("/alice/data/f1"), "data");
        ownedByAlice(Files.createDirectories(site.onDisk("/alice/upload")));
        Files.writeString(site.onDisk("/alice/upload/existing"), "old");
        ownedByAlice(Files.createDirectories(site.onDisk("/alice/scratch")));
        for (String f : List.of("a", "g", "rmme")) {
            ownedByAlice(Files.writeString(site.onDisk("/alice/scratch/" + f), f));
        }
    }

    private static void ownedByAlice(Path p) throws IOException {
        Files.setOwner(p, p.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(E2eSite.ALICE_ACCOUNT));
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x"
                : "rw-r--r--"));
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @BeforeEach
    void captureAudit() {
        audit = new ListAppender<>();
        audit.start();
        ((Logger) LoggerFactory.getLogger("org.opensrm.audit")).addAppender(audit);
    }

    @AfterEach
    void releaseAudit() {
        ((Logger) LoggerFactory.getLogger("org.opensrm.audit")).detachAppender(audit);
    }

    private static HttpgClient anonymous() {
        return HttpgClient.trustingAnyServer(null).noGsiByte().withTimeoutMillis(30_000);
    }

    private static SpecRequests as(String token) {
        return new SpecRequests(soap(token));
    }

    private static SrmSoap soap(String token) {
        return new SrmSoap(site, anonymous(), Map.of("Authorization", "Bearer " + token));
    }

    private static String surl(String path) {
        return site.surl(path);
    }

    private static HttpgResponse overwritingPut(SrmSoap soap, String path) throws IOException {
        return soap.call("srmPrepareToPut", "<srmPrepareToPutRequest><arrayOfFileRequests><requestArray>"
                + "<targetSURL>" + SrmSoap.xml(surl(path)) + "</targetSURL><expectedFileSize>0</expectedFileSize>"
                + "</requestArray></arrayOfFileRequests><overwriteOption>ALWAYS</overwriteOption>"
                + "<desiredFileStorageType>PERMANENT</desiredFileStorageType><transferParameters>"
                + "<arrayOfTransferProtocols><stringArray>gsiftp</stringArray></arrayOfTransferProtocols>"
                + "</transferParameters></srmPrepareToPutRequest>");
    }

    private List<String> auditLines() {
        return audit.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    @Test
    void readScopeListsAndGetsUnderItsPathOnly() throws Exception {
        String token = issuer.token("reader", "storage.read:/data");
        SpecRequests srm = as(token);
        assertEquals(List.of("SRM_SUCCESS"), fileStatuses(srm.ls(List.of(surl("/alice/data/f1")))));
        assertEquals(List.of("SRM_FILE_PINNED"), fileStatuses(srm.get(List.of(surl("/alice/data/f1")),
                List.of("gsiftp"), 0)));
        assertEquals(List.of("SRM_AUTHORIZATION_FAILURE"), fileStatuses(srm.ls(List.of(surl("/alice/upload")))));
        assertEquals(List.of("SRM_AUTHORIZATION_FAILURE"), fileStatuses(srm.ls(List.of(surl("/bob")))));
        assertEquals(List.of("SRM_AUTHORIZATION_FAILURE"), fileStatuses(srm.put(List.of(surl("/alice/data/new")),
                List.of("gsiftp"), 0)));
        assertEquals(List.of("SRM_AUTHORIZATION_FAILURE"), fileStatuses(srm.rm(List.of(surl("/alice/data/f1")))));
        assertStatus("SRM_AUTHORIZATION_FAILURE", soap(token).mkdir(surl("/alice/data/d")), "srmMkdir");
        assertTrue(Files.exists(site.onDisk("/alice/data/f1")));
        assertTrue(auditLines().stream().anyMatch(l -> l.startsWith("authz token=\"reader@" + ISS
                + "\" fqans=\"\" mapper=token account=" + E2eSite.ALICE_ACCOUNT + "(")), auditLines().toString());
        assertTrue(auditLines().stream().noneMatch(l -> l.contains(token)), "the token was logged");
    }

    @Test
    void createScopeUploadsNewFilesAndMakesDirectoriesButNeitherReadsNorOverwritesNorDeletes() throws Exception {
        String token = issuer.token("creator", "storage.create:/upload");
        SrmSoap soap = soap(token);
        SpecRequests srm = new SpecRequests(soap);
        assertEquals(List.of("SRM_SPACE_AVAILABLE"), fileStatuses(srm.put(List.of(surl("/alice/upload/new")),
                List.of("gsiftp"), 0)));
        assertStatus("SRM_SUCCESS", soap.mkdir(surl("/alice/upload/sub")), "srmMkdir");
        assertTrue(Files.isDirectory(site.onDisk("/alice/upload/sub")));
        assertEquals(List.of("SRM_AUTHORIZATION_FAILURE"),
                fileStatuses(overwritingPut(soap, "/alice/upload/existing")));
        assertEquals(List.of("SRM_AUTHORIZATION_FAILURE"),
                fileStatuses(srm.rm(List.of(surl("/alice/upload/existing")))));
        assertEquals(List.of("SRM_AUTHORIZATION_FAILURE"), fileStatuses(srm.ls(List.of(surl("/alice/upload")))));
        assertStatus("SRM_AUTHORIZATION_FAILURE", soap.mkdir(surl("/alice/data/sub")), "srmMkdir");
        assertEquals("old", Files.readString(site.onDisk("/alice/upload/existing")));
    }

    @Test
    void modifyScopeOverwritesDeletesAndRenamesButDoesNotRead() throws Exception {
        String token = issuer.token("modifier", "storage.modify:/scratch");
        SrmSoap soap = soap(token);
        SpecRequests srm = new SpecRequests(soap);
        assertEquals(List.of("SRM_SUCCESS"), fileStatuses(srm.rm(List.of(surl("/alice/scratch/rmme")))));
        assertFalse(Files.exists(site.onDisk("/alice/scratch/rmme")));
        assertEquals(List.of("SRM_SPACE_AVAILABLE"), fileStatuses(overwritingPut(soap, "/alice/scratch/g")));
        assertStatus("SRM_SUCCESS", soap.mv(surl("/alice/scratch/a"), surl("/alice/scratch/b")), "srmMv");
        assertTrue(Files.exists(site.onDisk("/alice/scratch/b")));
        assertStatus("SRM_AUTHORIZATION_FAILURE", soap.mv(surl("/alice/scratch/b"), surl("/alice/data/b")),
                "srmMv");
        assertEquals(List.of("SRM_AUTHORIZATION_FAILURE"), fileStatuses(srm.ls(List.of(surl("/alice/scratch")))));
        assertEquals(List.of("SRM_AUTHORIZATION_FAILURE"), fileStatuses(srm.rm(List.of(surl("/alice/data/f1")))));
    }

    @Test
    void badTokensAreRefusedWithAPreciseReasonAndAnAuditLine() throws Exception {
        Instant past = Instant.now().minusSeconds(3600);
        String valid = issuer.token("mallory", "storage.read:/");
        String[] parts = valid.split("\\.");
        String widened = Base64.getUrlEncoder().withoutPadding().encodeToString(issuer.claims("mallory",
                "storage.modify:/").build().toString().getBytes(StandardCharsets.UTF_8));
        SignedJWT hs = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID("test-key").build(),
                issuer.claims("mallory", "storage.read:/").build());
        hs.sign(new MACSigner(issuer.key().toPublicJWK().toRSAPublicKey().getEncoded()));
        Map<String, String> reasons = new java.util.LinkedHashMap<>();
        reasons.put(issuer.sign(issuer.claims("mallory", "storage.read:/").notBeforeTime(Date.from(past))
                .expirationTime(Date.from(past.plusSeconds(60))).build()), "expired");
        reasons.put(issuer.sign(issuer.claims("mallory", "storage.read:/").audience("https://other.example")
                .build()), "does not name this server");
        reasons.put(stranger.token("mallory", "storage.read:/"), "is not trusted");
        reasons.put(parts[0] + "." + widened + "." + parts[2], "signature does not verify");
        reasons.put(new PlainJWT(new PlainHeader(), issuer.claims("mallory", "storage.read:/").build()).serialize(),
                "not a signed JWT");
        reasons.put(hs.serialize(), "HS256 is refused");
        reasons.put(valid + "x".repeat(17 * 1024), "longer than the 16384 accepted");
        for (Map.Entry<String, String> bad : reasons.entrySet()) {
            audit.list.clear();
            HttpgResponse r = as(bad.getKey()).ls(List.of(surl("/alice/data")));
            assertStatus("SRM_AUTHORIZATION_FAILURE", r, "srmLs");
            String explanation = r.text("srmLsResponse/returnStatus/explanation");
            assertTrue(explanation.contains(bad.getValue()), bad.getValue() + " / " + explanation);
            assertEquals(1, auditLines().size(), auditLines().toString());
            String line = auditLines().get(0);
            assertTrue(line.startsWith("authz token=\"bearer\" fqans=\"\" mapper=token "
                    + "refused=SRM_AUTHORIZATION_FAILURE reason=\"") && line.contains(bad.getValue()), line);
            assertFalse(line.contains(bad.getKey()), "the token was logged");
        }
    }

    @Test
    void neitherCertificateNorTokenIsAnswered401WithTheBearerChallenge() throws Exception {
        SrmSoap nobody = new SrmSoap(site, anonymous(), Map.of());
        HttpgResponse r = nobody.raw("srmPing", "<srmPingRequest/>");
        assertEquals(401, r.status(), r::toString);
        assertEquals("Bearer realm=\"srm\"", r.header("WWW-Authenticate"));
    }

    @Test
    void pingWithABadTokenIsRefusedToo() throws Exception {
        HttpgResponse r = soap("not-a-jwt").call("srmPing", "<srmPingRequest/>");
        assertTrue(r.bodyText().contains("SRM_AUTHORIZATION_FAILURE: bearer token is not a signed JWT"), r::toString);
        assertFalse(r.bodyText().contains("backend_type"), r::toString);
    }

    @Test
    void certificateClientOnTheSamePortIsServedByTheGridMapfileAndIgnoresAnyBearerHeader() throws Exception {
        SpecRequests alice = new SpecRequests(new SrmSoap(site, new HttpgClient(site.alice().proxyFile(),
                site.grid().trustDir()), Map.of("Authorization", "Bearer not-a-jwt")));
        assertEquals(List.of("SRM_SUCCESS"), fileStatuses(alice.ls(List.of(surl("/alice/upload")))));
        assertTrue(auditLines().stream().anyMatch(l -> l.startsWith("authz dn=\"" + site.alice().dn()
                + "\"") && l.contains("mapper=gridmap")), auditLines().toString());
    }

    @Test
    void realGfal2AndArcClientsWithCertificatesAreServedAsBeforeOnTheTokenEnabledPort() throws Exception {
        org.opensrm.testkit.SrmClients alice = site.clients(site.alice());
        Path local = site.scratch("token-site");
        OnDisk.randomFile(local.resolve("seed.bin"), 5000, 77);
        org.opensrm.testkit.ClientRun put = alice.gfal("gfal-copy", "file://" + local.resolve("seed.bin"),
                surl("/alice/gfal-seed.bin"));
        assertTrue(put.ok(), put.describe());
        assertEquals(E2eSite.ALICE_ACCOUNT, OnDisk.owner(site.onDisk("/alice/gfal-seed.bin")));
        org.opensrm.testkit.ClientRun ls = alice.gfal("gfal-ls", surl("/alice"));
        assertTrue(ls.ok(), ls.describe());
        assertTrue(GfalOutput.results(ls).contains("gfal-seed.bin"), ls.describe());
        org.opensrm.testkit.ClientRun arcls = alice.arc("arcls", "-t", "30", surl("/alice"));
        assertTrue(arcls.ok(), arcls.describe());
        assertTrue(arcls.stdout().contains("gfal-seed.bin"), arcls.describe());
        assertTrue(auditLines().stream().anyMatch(l -> l.startsWith("authz dn=\"" + site.alice().dn() + "\"")
                && l.contains("mapper=gridmap")), auditLines().toString());
    }
}
