package org.opensrm.authz.gums;

import org.junit.jupiter.api.Tag;
import org.opensrm.testkit.GumsResponder;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.authz.AccountResolver;
import org.opensrm.authz.Authorizer;
import org.opensrm.authz.Authorizers;
import org.opensrm.authz.BanList;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.Mapping;
import org.opensrm.authz.contract.IdCommand;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/** The GUMS call-out against a responder that speaks GUMS' protocol over HTTPS with client certificates. */
@Tag("integration")
class GumsMapperTest {
    private static final ClientIdentity JANE = new ClientIdentity("/DC=org/DC=opensrm/CN=Jane Doe",
            "/DC=org/DC=opensrm/CN=Some CA", List.of("/cms/Role=production/Capability=NULL", "/cms/Role=NULL"));
    private static final ClientIdentity JOHN = ClientIdentity.of("/DC=org/DC=opensrm/CN=John Roe");

    @TempDir
    Path dir;
    GumsFixture fixture;

    private GumsMapper start(Function<GumsResponder.Received, GumsResponder.Reply> answers) throws Exception {
        fixture = new GumsFixture(dir, answers);
        return new GumsMapper(fixture.config().build());
    }

    private static Function<GumsResponder.Received, GumsResponder.Reply> always(String body) {
        return r -> GumsResponder.Reply.ok(body);
    }

    private static Authorizer chain(GumsMapper gums) {
        return Authorizers.chain(BanList.NONE, List.of(gums), AccountResolver.system());
    }

    private static SrmException refused(GumsMapper gums, ClientIdentity client) {
        SrmException e = assertThrows(SrmException.class, () -> chain(gums).authorize(client));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status(), e.getMessage());
        return e;
    }

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    void permitMapsToTheUsernameAndGumsReceivedTheClientAndThisSe() throws Exception {
        GumsMapper gums = start(always(GumsResponder.permit("srmuser2")));
        assertEquals(IdCommand.account("srmuser2"), chain(gums).authorize(JANE));
        GumsResponder.Received r = fixture.gums.received().get(0);
        assertEquals(fixture.se.certificate().getSubjectX500Principal().getName(), r.clientCertificateSubject());
        assertEquals(JANE.dn(), r.dn());
        assertEquals(JANE.issuerDn(), r.issuer());
        assertEquals(JANE.fqans(), r.fqans());
        assertEquals(List.of(JANE.fqans().get(0)), r.primaryFqan());
        assertEquals(List.of("cms"), r.vo());
        assertEquals(List.of(GumsFixture.SE_HOST), r.seHost());
        assertEquals(List.of(fixture.se.opensslDn()), r.seDn());
        assertTrue(r.obligationsSupported().containsAll(List.of(GumsResponder.OBLIGATION_USERNAME, GumsResponder.OBLIGATION_UIDGID,
                GumsResponder.OBLIGATION_ACCOUNT)), r.toString());
    }

    @Test
    void aClientWithoutFqansIsSentWithoutVomsAttributes() throws Exception {
        GumsMapper gums = start(always(GumsResponder.permit("srmuser1")));
        assertEquals("srmuser1", chain(gums).authorize(JOHN).name());
        GumsResponder.Received r = fixture.gums.received().get(0);
        assertEquals(List.of(), r.fqans());
        assertEquals(List.of(), r.vo());
    }

    @Test
    void denyIsARefusalNamingGums() throws Exception {
        GumsMapper gums = start(always(GumsResponder.deny()));
        SrmException e = refused(gums, JANE);
        assertEquals("GUMS denied DN " + JANE.dn() + " with primary FQAN " + JANE.fqans().get(0), e.getMessage());
    }

    @Test
    void notApplicableLeavesTheClientToTheNextMapper() throws Exception {
        GumsMapper gums = start(always(GumsResponder.decision("NotApplicable", "")));
        assertEquals(Optional.empty(), gums.map(JOHN));
    }

    @Test
    void theAccountObligationsPrimaryGroupIsUsed() throws Exception {
        Account srmuser1 = IdCommand.account("srmuser1");
        int secondary = srmuser1.groups().stream().filter(g -> g != srmuser1.gid()).findFirst().orElseThrow();
        String groupName = new String(new ProcessBuilder("getent", "group", String.valueOf(secondary)).start()
                .getInputStream().readAllBytes()).split(":")[0];
        GumsMapper gums = start(always(GumsResponder.permitWithAccount("srmuser1", groupName)));
        Account mapped = chain(gums).authorize(JANE);
        assertEquals("srmuser1", mapped.name());
        assertEquals(secondary, mapped.gid());
        fixture.gums.answer(always(GumsResponder.permitWithGid("srmuser1", String.valueOf(secondary))));
        assertEquals(Optional.of(new Mapping("srmuser1", java.util.OptionalInt.of(secondary))), gums.map(JOHN));
    }

    @Test
    void aSoapFaultIsARefusalSayingGumsGaveNoAnswer() throws Exception {
        GumsMapper gums = start(r -> new GumsResponder.Reply(500, GumsResponder.fault("database is down"), 0));
        SrmException e = refused(gums, JANE);
        assertTrue(e.getMessage().contains("GUMS") && e.getMessage().contains("database is down"), e.getMessage());
        assertEquals(1, gums.failures());
    }

    @Test
    void aSlowGumsPastTheTimeOutIsARefusal() throws Exception {
        fixture = new GumsFixture(dir, r -> GumsResponder.Reply.ok(GumsResponder.permit("srmuser1")).delayed(5000));
        GumsMapper gums = new GumsMapper(fixture.config().timeout(Duration.ofMillis(300)).build());
        SrmException e = refused(gums, JANE);
        assertTrue(e.getMessage().contains("could not be asked (no answer within 300 ms)"), e.getMessage());
        assertEquals(0, gums.cacheSize(), "a failure is not cached");
    }

    @Test
    void gumsDownIsARefusalThatSaysSo() throws Exception {
        fixture = new GumsFixture(dir, always(GumsResponder.permit("srmuser1")));
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        URI down = URI.create("https://localhost:" + closedPort + GumsResponder.PATH);
        GumsMapper gums = new GumsMapper(GumsConfig.builder(down,
                GumsTls.hostContext(fixture.hostCert, fixture.hostKey, fixture.pki.trustDir()), GumsFixture.SE_HOST,
                fixture.se.opensslDn()).build());
        SrmException e = refused(gums, JANE);
        assertTrue(e.getMessage().startsWith("the GUMS authorization service at " + down + " could not be asked"),
                e.getMessage());
        assertTrue(e.getMessage().contains("access is refused"), e.getMessage());
    }

    @Test
    void aGumsWhoseCertificateNamesAnotherHostIsNotBelieved() throws Exception {
        fixture = new GumsFixture(dir, "gums.example.test", always(GumsResponder.permit("srmuser1")));
        GumsMapper wrongName = new GumsMapper(fixture.config().build());
        SrmException e = refused(wrongName, JANE);
        assertTrue(e.getMessage().contains("could not be asked"), e.getMessage());
        assertEquals(0, fixture.gums.received().size());
    }

    @Test
    void permitsAreCachedUntilTheyExpireAndDeniesForShorter() throws Exception {
        AtomicLong now = new AtomicLong();
        fixture = new GumsFixture(dir, r -> GumsResponder.Reply.ok(JANE.dn().equals(r.dn())
                ? GumsResponder.permit("srmuser1") : GumsResponder.deny()));
        GumsMapper gums = new GumsMapper(fixture.config().cacheTtl(Duration.ofMinutes(10))
                .negativeCacheTtl(Duration.ofMinutes(1)).build(), now::get);
        for (int i = 0; i < 3; i++) {
            assertEquals("srmuser1", gums.map(JANE).orElseThrow().account());
            assertThrows(SrmException.class, () -> gums.map(JOHN));
        }
        assertEquals(2, fixture.gums.received().size());
        assertEquals(4, gums.cacheHits());
        assertEquals(2, gums.cacheMisses());
        now.addAndGet(Duration.ofMinutes(2).toNanos());
        gums.map(JANE);
        assertThrows(SrmException.class, () -> gums.map(JOHN));
        assertEquals(3, fixture.gums.received().size(), "the deny expired, the permit did not");
        now.addAndGet(Duration.ofMinutes(9).toNanos());
        gums.map(JANE);
        assertEquals(4, fixture.gums.received().size(), "the permit expired");
        ClientIdentity janeOtherRole = new ClientIdentity(JANE.dn(), JANE.issuerDn(), List.of("/cms/Role=NULL"));
        gums.map(janeOtherRole);
        assertEquals(5, fixture.gums.received().size(), "FQANs are part of the key");
    }

    @Test
    void concurrentMissesForOneClientSendOneQuery() throws Exception {
        fixture = new GumsFixture(dir, r -> GumsResponder.Reply.ok(GumsResponder.permit("srmuser1")).delayed(1000));
        GumsMapper gums = new GumsMapper(fixture.config().build());
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
            List<java.util.concurrent.Future<String>> answers = new java.util.ArrayList<>();
            for (int i = 0; i < 8; i++) {
                answers.add(pool.submit(() -> {
                    go.await();
                    return gums.map(JANE).orElseThrow().account();
                }));
            }
            go.countDown();
            for (java.util.concurrent.Future<String> a : answers) {
                assertEquals("srmuser1", a.get(30, java.util.concurrent.TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, fixture.gums.received().size());
        assertEquals(1, gums.calls());
    }

    @Test
    void theCacheKeepsAtMostItsSize() throws Exception {
        fixture = new GumsFixture(dir, always(GumsResponder.permit("srmuser1")));
        GumsMapper gums = new GumsMapper(fixture.config().cacheSize(2).build());
        for (String cn : List.of("A", "B", "C", "A")) {
            gums.map(ClientIdentity.of("/CN=" + cn));
        }
        assertEquals(2, gums.cacheSize());
        assertEquals(2, gums.cacheEvictions());
        assertEquals(4, fixture.gums.received().size(), "A was evicted by C");
    }

    // ---- hostile and malformed answers: refused, never allowed ----

    /** A Permit whose username is {@code entity}, declared by {@code doctype}: refused before any entity is read. */
    private void assertDoctypeRefused(String doctype, String entity) throws Exception {
        String permit = GumsResponder.permit(entity);
        GumsMapper gums = start(always("<?xml version=\"1.0\"?>" + doctype + permit.substring(permit.indexOf("?>") + 2)));
        SrmException e = refused(gums, JANE);
        assertTrue(e.getMessage().contains("DOCTYPE"), e.getMessage());
    }

    @Test
    void entityExpansionIsRefused() throws Exception {
        assertDoctypeRefused("<!DOCTYPE lolz [<!ENTITY lol \"lol\">"
                + "<!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">"
                + "<!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">]>", "&lol3;");
    }

    @Test
    void anExternalEntityIsNeverFetched() throws Exception {
        Path secret = Files.writeString(dir.resolve("secret"), "srmuser1");
        assertDoctypeRefused("<!DOCTYPE r [<!ENTITY x SYSTEM \"" + secret.toUri() + "\">]>", "&x;");
    }

    @Test
    void aPermitWithoutAUsernameIsRefused() throws Exception {
        GumsMapper gums = start(always(GumsResponder.decision("Permit", "")));
        SrmException e = refused(gums, JANE);
        assertEquals("GUMS permitted DN " + JANE.dn() + " with primary FQAN " + JANE.fqans().get(0)
                + " without naming an account", e.getMessage());
        fixture.gums.answer(always(GumsResponder.deny().replace("Deny", "Permit")));
        assertTrue(refused(gums, JOHN).getMessage().contains("without naming an account"));
    }

    @Test
    void aUsernameThatDoesNotExistHereIsRefused() throws Exception {
        GumsMapper gums = start(always(GumsResponder.permit("opensrm-no-such-user")));
        SrmException e = refused(gums, JANE);
        assertEquals("account opensrm-no-such-user does not exist on this host", e.getMessage());
    }

    @Test
    void malformedUnknownAndOversizeAnswersAreRefused() throws Exception {
        GumsMapper gums = start(always("<soap11:Envelope"));
        assertTrue(refused(gums, JANE).getMessage().contains("gave no usable answer"));
        fixture.gums.answer(always(GumsResponder.decision("Maybe", "")));
        assertTrue(refused(gums, JANE).getMessage().contains("unknown decision"));
        fixture.gums.answer(always(GumsResponder.permit("srmuser1").replace("</xacml-context:Result>",
                "<xacml-context:Decision>Deny</xacml-context:Decision></xacml-context:Result>")));
        assertTrue(refused(gums, JANE).getMessage().contains("2 decisions"));
        fixture.gums.answer(always(GumsResponder.permit("srmuser1")
                .replace("http://oasis/names/tc/xacml/1.0/status/ok", "urn:oasis:names:tc:SAML:2.0:status:Requester")));
        assertTrue(refused(gums, JANE).getMessage().contains("status"));
        fixture.gums.answer(always(GumsResponder.envelope("x".repeat(GumsClient.MAX_ANSWER_BYTES + 10))));
        assertTrue(refused(gums, JANE).getMessage().contains("larger than"));
        fixture.gums.answer(r -> new GumsResponder.Reply(503, "busy", 0));
        assertTrue(refused(gums, JANE).getMessage().contains("HTTP status 503"));
        assertEquals(0, gums.cacheSize());
        assertFalse(gums.failures() < 6);
    }
}
