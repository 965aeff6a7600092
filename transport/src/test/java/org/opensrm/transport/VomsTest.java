package org.opensrm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.testkit.FakeVoms;

/** VOMS FQANs of proxies made by the real {@code voms-proxy-fake}, validated against a vomsdir. */
@Tag("integration")
class VomsTest {
    @TempDir
    Path dir;
    DevPki pki;
    Credential bob;
    FakeVoms voms;
    TransportConfig.Builder config;

    @BeforeEach
    void pki() throws Exception {
        pki = DevPki.openOrCreate(dir.resolve("ca"), "CN=OpenSRM Dev CA,O=OpenSRM,DC=test");
        pki.issueHost("localhost", List.of("127.0.0.1"), Duration.ofDays(1))
                .writeCertAndKey(dir.resolve("hostcert.pem"), dir.resolve("hostkey.pem"));
        bob = pki.issueUser("Bob", Duration.ofDays(1));
        voms = FakeVoms.create(pki, dir.resolve("voms"), "testvo", "voms.example.test");
        config = TransportConfig.builder().host("127.0.0.1").port(0)
                .hostCert(dir.resolve("hostcert.pem")).hostKey(dir.resolve("hostkey.pem")).caDir(pki.trustDir())
                .threadsMin(2).threadsMax(16);
    }

    @Test
    void validatedFqansReachTheIdentityOnlyWhenVomsIsConfigured() throws Exception {
        Credential proxy = FakeVoms.read(voms.proxy(bob, dir.resolve("x509up"),
                List.of("/testvo/Role=NULL/Capability=NULL", "/testvo/sub/Role=NULL/Capability=NULL")));
        String body = ask(config.vomsDir(voms.vomsDir()), proxy);
        assertTrue(body.contains("dn=/DC=test/O=OpenSRM/CN=Bob\n"), body);
        assertTrue(body.contains("fqans=/testvo/Role=NULL/Capability=NULL,/testvo/sub/Role=NULL/Capability=NULL\n"),
                body);
        assertTrue(body.contains("vomsRejected=\n"), body);
        body = ask(config.vomsDir(null), proxy);
        assertTrue(body.contains("dn=/DC=test/O=OpenSRM/CN=Bob\n"), body);
        assertTrue(body.contains("fqans=\n"), body);
    }

    @Test
    void anExpiredAttributeCertificateInAValidProxyIsRejectedNotIgnored() throws Exception {
        Credential proxy = FakeVoms.read(voms.proxy(bob, dir.resolve("x509up-expired"),
                List.of("/testvo/Role=production"), "-vomslife", "1", "-pastac", "2:00"));
        String body = ask(config.vomsDir(voms.vomsDir()), proxy);
        assertTrue(body.contains("fqans=\n"), body);
        assertTrue(body.matches("(?s).*vomsRejected=VO testvo: .*\\S.*"), body);
    }

    @Test
    void anAttributeCertificateOfAnUntrustedVomsServerIsRejected() throws Exception {
        FakeVoms rogue = FakeVoms.create(pki, dir.resolve("rogue"), "testvo", "rogue.example.test");
        Credential proxy = FakeVoms.read(rogue.proxy(bob, dir.resolve("x509up-rogue"), List.of("/testvo/Role=production")));
        String body = ask(config.vomsDir(voms.vomsDir()), proxy);
        assertTrue(body.contains("fqans=\n"), body);
        assertTrue(body.matches("(?s).*vomsRejected=VO testvo: .*\\S.*"), body);
    }

    private String ask(TransportConfig.Builder config, Credential proxy) throws Exception {
        try (HttpgServer server = new HttpgServer(config.build(), new EchoServlet(), List.of("/srm/managerv2"))) {
            server.start();
            try (GsiTestClient c = new GsiTestClient(server.port(), proxy, pki.caCertificate(), null)) {
                c.write("0");
                GsiTestClient.Response r = c.post("/srm/managerv2", "v");
                assertEquals(200, r.status());
                return r.body();
            }
        }
    }
}
