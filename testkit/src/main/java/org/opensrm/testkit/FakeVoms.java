package org.opensrm.testkit;

import java.io.IOException;
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
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;

/**
 * A VOMS server that exists only as a host credential of the test CA, and real VOMS proxies signed by it with
 * Debian's {@code voms-proxy-fake} (package voms-clients). {@link #vomsDir()} is a vomsdir that trusts it
 * ({@code <vo>/<host>.lsc}).
 *
 * <pre>{@code
 * FakeVoms voms = FakeVoms.create(pki, dir, "testvo", "voms.example.test");
 * Path proxy = voms.proxy(user, dir.resolve("x509up"), List.of("/testvo/Role=production"));
 * }</pre>
 */
public final class FakeVoms {
    private final DevPki pki;
    private final Path dir;
    private final String vo;
    private final String host;

    private FakeVoms(DevPki pki, Path dir, String vo, String host) {
        this.pki = pki;
        this.dir = dir;
        this.vo = vo;
        this.host = host;
    }

    /** Issues the VOMS host credential for {@code host} and writes the vomsdir under {@code dir}. */
    public static FakeVoms create(DevPki pki, Path dir, String vo, String host) throws IOException {
        Files.createDirectories(dir);
        Credential server = pki.issueHost(host, List.of(), Duration.ofDays(2));
        server.writeCertAndKey(dir.resolve("voms-" + host + "-cert.pem"), dir.resolve("voms-" + host + "-key.pem"));
        Path lsc = dir.resolve("vomsdir").resolve(vo).resolve(host + ".lsc");
        Files.createDirectories(lsc.getParent());
        Files.writeString(lsc, server.opensslDn() + "\n" + pki.caCertificate().getSubjectX500Principal().getName()
                .transform(FakeVoms::slashForm) + "\n");
        return new FakeVoms(pki, dir, vo, host);
    }

    /** The vomsdir that trusts this VOMS server for its VO. */
    public Path vomsDir() {
        return dir.resolve("vomsdir");
    }

    /**
     * Writes a 12 h RFC 3820 proxy of {@code user} carrying an attribute certificate of this VO with {@code fqans}
     * (the first is the primary) to {@code out}, and returns it.
     *
     * @param extraArgs further {@code voms-proxy-fake} options, e.g. {@code -vomslife 1 -pastac 2:00} for an
     *                  attribute certificate that expired an hour ago
     */
    public Path proxy(Credential user, Path out, List<String> fqans, String... extraArgs) throws IOException {
        Path cert = dir.resolve(out.getFileName() + "-usercert.pem");
        Path key = dir.resolve(out.getFileName() + "-userkey.pem");
        user.writeCertAndKey(cert, key);
        List<String> command = new ArrayList<>(List.of("voms-proxy-fake", "-q", "-rfc", "-cert", cert.toString(),
                "-key", key.toString(), "-hostcert", dir.resolve("voms-" + host + "-cert.pem").toString(),
                "-hostkey", dir.resolve("voms-" + host + "-key.pem").toString(), "-voms", vo,
                "-uri", host + ":15000", "-out", out.toString()));
        for (String fqan : fqans) {
            command.add("-fqan");
            command.add(fqan);
        }
        command.addAll(List.of(extraArgs));
        Path log = dir.resolve(out.getFileName() + ".log");
        ProcessBuilder fake = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        fake.environment().put("X509_CERT_DIR", pki.trustDir().toString());
        try {
            Process p = fake.start();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException("voms-proxy-fake failed: " + Files.readString(log));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running voms-proxy-fake", e);
        }
        return out;
    }

    /** Reads a proxy file (certificates and key, PEM) as a credential, for Java clients. */
    public static Credential read(Path proxyFile) throws IOException {
        PrivateKey key = null;
        List<X509Certificate> chain = new ArrayList<>();
        try (Reader r = Files.newBufferedReader(proxyFile); PEMParser parser = new PEMParser(r)) {
            for (Object o = parser.readObject(); o != null; o = parser.readObject()) {
                if (o instanceof X509CertificateHolder h) {
                    chain.add(new JcaX509CertificateConverter().getCertificate(h));
                } else if (o instanceof PEMKeyPair kp) {
                    key = new JcaPEMKeyConverter().getPrivateKey(kp.getPrivateKeyInfo());
                }
            }
        } catch (java.security.cert.CertificateException e) {
            throw new IOException("unreadable proxy " + proxyFile, e);
        }
        return new Credential(key, chain);
    }

    private static String slashForm(String rfc2253) {
        List<String> parts = new ArrayList<>(List.of(rfc2253.split(",")));
        java.util.Collections.reverse(parts);
        return "/" + String.join("/", parts);
    }
}
