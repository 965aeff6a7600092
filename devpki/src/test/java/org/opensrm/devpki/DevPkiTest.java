package org.opensrm.devpki;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("integration")
class DevPkiTest {
    private static final String CA_DN = "CN=OpenSRM Dev CA,O=OpenSRM,DC=test";

    @TempDir
    static Path dir;
    static DevPki pki;
    static Credential alice;

    @BeforeAll
    static void createCa() throws Exception {
        pki = DevPki.openOrCreate(dir.resolve("ca"), CA_DN);
        alice = pki.issueUser("Alice", Duration.ofDays(1));
    }

    private static Path trust() {
        return pki.trustDir();
    }

    @Test
    void trustDirectoryUsesOpensslSubjectHash() throws Exception {
        Tools.Result r = Tools.run("openssl", "x509", "-hash", "-noout", "-in", dir.resolve("ca/ca-cert.pem").toString());
        String hash = r.output().trim();
        assertEquals(hash, pki.caHash());
        for (String suffix : List.of(".0", ".signing_policy", ".namespaces", ".r0")) {
            assertTrue(Files.isRegularFile(trust().resolve(hash + suffix)), suffix);
        }
        String policy = Files.readString(trust().resolve(hash + ".signing_policy"));
        assertTrue(policy.contains("'/DC=test/O=OpenSRM/CN=OpenSRM Dev CA'"), policy);
        assertTrue(policy.contains("'\"/DC=test/O=OpenSRM/*\"'"), policy);
        Tools.Result crl = Tools.run("openssl", "crl", "-noout", "-text", "-in", trust().resolve(hash + ".r0").toString());
        assertEquals(0, crl.exit(), crl.output());
    }

    @Test
    void userCertificateVerifiesWithOpensslAndCrl() throws Exception {
        Path cert = dir.resolve("alice/usercert.pem");
        Path key = dir.resolve("alice/userkey.pem");
        alice.writeCertAndKey(cert, key);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(key)));
        Tools.Result r = Tools.run("openssl", "verify", "-crl_check", "-CApath", trust().toString(), cert.toString());
        assertEquals(0, r.exit(), r.output());
        Tools.Result subject = Tools.run("openssl", "x509", "-noout", "-subject", "-nameopt", "compat", "-in", cert.toString());
        assertEquals("subject=" + alice.opensslDn(), subject.output().trim());
        assertEquals("/DC=test/O=OpenSRM/CN=Alice", alice.opensslDn());
        Tools.Result k = Tools.run("openssl", "rsa", "-check", "-noout", "-in", key.toString());
        assertEquals(0, k.exit(), k.output());
    }

    @Test
    void hostCertificateCarriesDnsSans() throws Exception {
        Credential host = pki.issueHost("srm.example.test", List.of("localhost", "127.0.0.1"), Duration.ofDays(30));
        Path cert = dir.resolve("host/hostcert.pem");
        host.writeCertAndKey(cert, dir.resolve("host/hostkey.pem"));
        Tools.Result text = Tools.run("openssl", "x509", "-noout", "-text", "-in", cert.toString());
        assertTrue(text.output().contains("DNS:srm.example.test, DNS:localhost, DNS:127.0.0.1"), text.output());
        assertTrue(text.output().contains("CA:FALSE"), text.output());
        assertTrue(text.output().contains("TLS Web Server Authentication"), text.output());
        assertEquals("/DC=test/O=OpenSRM/CN=srm.example.test", host.opensslDn());
        Tools.Result v = Tools.run("openssl", "verify", "-purpose", "sslserver", "-CApath", trust().toString(),
                cert.toString());
        assertEquals(0, v.exit(), v.output());
    }

    @Test
    void rfc3820ProxyParsesAndVerifies() throws Exception {
        Credential proxy = pki.proxy(alice, Duration.ofHours(12), ProxyStyle.RFC3820);
        assertEquals(2, proxy.chain().size());
        X509Certificate p = proxy.certificate();
        assertEquals(alice.opensslDn(), proxy.opensslDn());
        assertTrue(p.getCriticalExtensionOIDs().contains("1.3.6.1.5.5.7.1.14"));
        assertTrue(p.getSubjectX500Principal().getName().startsWith("CN=" + p.getSerialNumber() + ","));
        Path file = dir.resolve("x509up_rfc");
        proxy.writeProxyFile(file);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        Tools.Result info = Tools.run("grid-proxy-info", "-f", file.toString());
        assertEquals(0, info.exit(), info.output());
        assertTrue(info.output().contains("RFC 3820 compliant impersonation proxy"), info.output());
        Tools.Result voms = Tools.run(Map.of("X509_CERT_DIR", trust().toString()), "voms-proxy-info", "--file", file.toString(), "--all");
        assertTrue(voms.output().contains("/DC=test/O=OpenSRM/CN=Alice"), voms.output());
        Path user = dir.resolve("alice-chain.pem");
        new Credential(alice.key(), alice.chain()).writeCertAndKey(user, dir.resolve("alice-chain.key"));
        Path leaf = dir.resolve("proxy-leaf.pem");
        new Credential(proxy.key(), List.of(p)).writeCertAndKey(leaf, dir.resolve("proxy-leaf.key"));
        Tools.Result v = Tools.run("openssl", "verify", "-allow_proxy_certs", "-crl_check", "-CApath",
                trust().toString(), "-untrusted", user.toString(), leaf.toString());
        assertEquals(0, v.exit(), v.output());
    }

    @Test
    void legacyProxyParses() throws Exception {
        Credential proxy = pki.proxy(alice, Duration.ofHours(12), ProxyStyle.LEGACY);
        assertTrue(proxy.certificate().getSubjectX500Principal().getName().startsWith("CN=proxy,"));
        assertEquals(alice.opensslDn(), proxy.opensslDn());
        Path file = dir.resolve("x509up_legacy");
        proxy.writeProxyFile(file);
        Tools.Result info = Tools.run("grid-proxy-info", "-f", file.toString());
        assertEquals(0, info.exit(), info.output());
        assertTrue(info.output().contains("legacy globus proxy"), info.output());
    }

    @Test
    void proxyOfProxyAndExpiredProxy() throws Exception {
        Credential first = pki.proxy(alice, Duration.ofHours(1), ProxyStyle.RFC3820);
        Credential second = pki.proxy(first, Duration.ofMinutes(30), ProxyStyle.RFC3820);
        assertEquals(3, second.chain().size());
        assertEquals(alice.opensslDn(), second.opensslDn());
        second.certificate().verify(first.certificate().getPublicKey());
        Instant past = Instant.now().minus(Duration.ofDays(2));
        Credential expired = pki.proxy(alice, past, past.plus(Duration.ofHours(1)), ProxyStyle.RFC3820);
        Path file = dir.resolve("x509up_expired");
        expired.writeProxyFile(file);
        Tools.Result info = Tools.run("grid-proxy-info", "-f", file.toString(), "-exists");
        assertNotEquals(0, info.exit(), info.output());
    }

    @Test
    void globusAcceptsSigningPolicy() throws Exception {
        Credential bob = pki.issueUser("Bob", Duration.ofDays(1));
        Path cert = dir.resolve("bob/usercert.pem");
        Path key = dir.resolve("bob/userkey.pem");
        bob.writeCertAndKey(cert, key);
        Path out = dir.resolve("bob/x509up");
        Tools.Result r = Tools.run(Map.of("X509_CERT_DIR", trust().toString()), "grid-proxy-init", "-verify",
                "-cert", cert.toString(), "-key", key.toString(), "-out", out.toString(), "-q");
        assertEquals(0, r.exit(), r.output());
        assertTrue(Files.size(out) > 0);
    }

    @Test
    void revokeRewritesCrlAndSurvivesReopen() throws Exception {
        Credential carol = pki.issueUser("Carol", Duration.ofDays(1));
        Path cert = dir.resolve("carol/usercert.pem");
        carol.writeCertAndKey(cert, dir.resolve("carol/userkey.pem"));
        pki.revoke(carol.certificate());
        Tools.Result r = Tools.run("openssl", "verify", "-crl_check", "-CApath", trust().toString(), cert.toString());
        assertNotEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("revoked"), r.output());

        DevPki again = DevPki.openOrCreate(dir.resolve("ca"), "CN=ignored");
        assertEquals(pki.caCertificate(), again.caCertificate());
        Tools.Result still = Tools.run("openssl", "verify", "-crl_check", "-CApath", again.trustDir().toString(),
                cert.toString());
        assertTrue(still.output().contains("revoked"), still.output());
        Path aliceCert = dir.resolve("alice-ok.pem");
        alice.writeCertAndKey(aliceCert, dir.resolve("alice-ok.key"));
        Tools.Result aliceOk = Tools.run("openssl", "verify", "-crl_check", "-CApath", trust().toString(),
                aliceCert.toString());
        assertEquals(0, aliceOk.exit(), aliceOk.output());
    }
}
