package org.opensrm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;

/** VOMS FQANs of a proxy made by the real {@code voms-proxy-fake}, validated against a vomsdir. */
class VomsTest {
    @TempDir
    Path dir;

    @Test
    void validatedFqansReachTheIdentityOnlyWhenVomsIsConfigured() throws Exception {
        DevPki pki = DevPki.openOrCreate(dir.resolve("ca"), "CN=OpenSRM Dev CA,O=OpenSRM,DC=test");
        pki.issueHost("localhost", List.of("127.0.0.1"), Duration.ofDays(1))
                .writeCertAndKey(dir.resolve("hostcert.pem"), dir.resolve("hostkey.pem"));
        pki.issueHost("voms.example.test", List.of(), Duration.ofDays(1))
                .writeCertAndKey(dir.resolve("vomscert.pem"), dir.resolve("vomskey.pem"));
        pki.issueUser("Bob", Duration.ofDays(1)).writeCertAndKey(dir.resolve("bobcert.pem"), dir.resolve("bobkey.pem"));
        Path proxyFile = dir.resolve("x509up");
        ProcessBuilder fakeCommand = new ProcessBuilder("voms-proxy-fake", "-q", "-rfc", "-cert", dir.resolve("bobcert.pem").toString(),
                "-key", dir.resolve("bobkey.pem").toString(), "-hostcert", dir.resolve("vomscert.pem").toString(),
                "-hostkey", dir.resolve("vomskey.pem").toString(), "-voms", "testvo",
                "-uri", "voms.example.test:15000", "-fqan", "/testvo/Role=NULL/Capability=NULL",
                "-fqan", "/testvo/sub/Role=NULL/Capability=NULL", "-out", proxyFile.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("fake.log").toFile());
        fakeCommand.environment().put("X509_CERT_DIR", pki.trustDir().toString());
        Process fake = fakeCommand.start();
        assertTrue(fake.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, fake.exitValue(), Files.readString(dir.resolve("fake.log")));
        Path lsc = dir.resolve("vomsdir/testvo/voms.example.test.lsc");
        Files.createDirectories(lsc.getParent());
        Files.writeString(lsc, "/DC=test/O=OpenSRM/CN=voms.example.test\n/DC=test/O=OpenSRM/CN=OpenSRM Dev CA\n");
        Credential proxy = readProxy(proxyFile);

        TransportConfig.Builder config = TransportConfig.builder().host("127.0.0.1").port(0)
                .hostCert(dir.resolve("hostcert.pem")).hostKey(dir.resolve("hostkey.pem")).caDir(pki.trustDir())
                .threadsMin(2).threadsMax(16);
        try (HttpgServer server = new HttpgServer(config.vomsDir(dir.resolve("vomsdir")).build(), new EchoServlet(),
                List.of("/srm/managerv2"))) {
            server.start();
            String body = ask(server, pki, proxy);
            assertTrue(body.contains("dn=/DC=test/O=OpenSRM/CN=Bob\n"), body);
            assertTrue(body.contains("fqans=/testvo/Role=NULL/Capability=NULL,/testvo/sub/Role=NULL/Capability=NULL\n"),
                    body);
        }
        try (HttpgServer server = new HttpgServer(config.vomsDir(null).build(), new EchoServlet(),
                List.of("/srm/managerv2"))) {
            server.start();
            String body = ask(server, pki, proxy);
            assertTrue(body.contains("dn=/DC=test/O=OpenSRM/CN=Bob\n"), body);
            assertTrue(body.contains("fqans=\n"), body);
        }
    }

    private static String ask(HttpgServer server, DevPki pki, Credential proxy) throws Exception {
        try (GsiTestClient c = new GsiTestClient(server.port(), proxy, pki.caCertificate(), null)) {
            c.write("0");
            GsiTestClient.Response r = c.post("/srm/managerv2", "v");
            assertEquals(200, r.status());
            return r.body();
        }
    }

    private static Credential readProxy(Path file) throws Exception {
        PrivateKey key = null;
        List<X509Certificate> chain = new ArrayList<>();
        try (Reader r = Files.newBufferedReader(file); PEMParser parser = new PEMParser(r)) {
            for (Object o = parser.readObject(); o != null; o = parser.readObject()) {
                if (o instanceof X509CertificateHolder h) {
                    chain.add(new JcaX509CertificateConverter().getCertificate(h));
                } else if (o instanceof PEMKeyPair kp) {
                    key = new JcaPEMKeyConverter().getPrivateKey(kp.getPrivateKeyInfo());
                }
            }
        }
        return new Credential(key, chain);
    }
}
