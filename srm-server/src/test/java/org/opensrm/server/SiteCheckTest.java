package org.opensrm.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.devpki.DevPki;
import org.opensrm.server.config.RawConfig;
import org.opensrm.server.config.ServerConfig;

/** The start-up checks of the site set-up: doors, host certificate expiry, CRLs. */
class SiteCheckTest {
    @TempDir
    Path dir;
    private DevPki pki;
    private final Map<String, String> settings = new HashMap<>();

    @BeforeEach
    void site() throws Exception {
        pki = DevPki.openOrCreate(dir.resolve("pki"), "CN=Site Check CA,O=OpenSRM,DC=test");
        hostCertificateValidFor(Duration.ofDays(365));
        settings.put("srm.token.key", "site-check-test-key");
        settings.put("srm.hostcert", dir.resolve("hostcert.pem").toString());
        settings.put("srm.hostkey", dir.resolve("hostkey.pem").toString());
        settings.put("srm.cadir", pki.trustDir().toString());
        settings.put("gridftp.probe.timeout", "2s");
    }

    private void hostCertificateValidFor(Duration validity) {
        pki.issueHost("localhost", List.of("localhost"), validity)
                .writeCertAndKey(dir.resolve("hostcert.pem"), dir.resolve("hostkey.pem"));
    }

    private List<String> warnings() throws Exception {
        return new SiteCheck(ServerConfig.from(RawConfig.of(settings)), Clock.system(ZoneOffset.UTC)).warnings();
    }

    private static List<String> about(List<String> warnings, String topic) {
        return warnings.stream().filter(w -> w.contains(topic)).toList();
    }

    @Test
    void noDoorsIsAWarningThatTransfersCannotBeHandedOut() throws Exception {
        List<String> w = about(warnings(), "gridftp.nodes is empty");
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).contains("srmPrepareToPut"), w.get(0));
    }

    @Test
    void aDoorThatDoesNotAnswerIsNamed() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        settings.put("gridftp.nodes", "gsiftp://127.0.0.1:" + closed);
        List<String> w = about(warnings(), "GridFTP doors");
        assertEquals(1, w.size(), warnings().toString());
        assertTrue(w.get(0).startsWith("none of the GridFTP doors") && w.get(0).contains(":" + closed), w.get(0));
    }

    @Test
    void aDoorThatGreetsIsNotWarnedAbout() throws Exception {
        try (ServerSocket door = new ServerSocket(0, 4, InetAddress.getLoopbackAddress())) {
            Thread greeter = new Thread(() -> {
                try (Socket c = door.accept()) {
                    c.getOutputStream().write("220 test door ready\r\n".getBytes(StandardCharsets.US_ASCII));
                    c.getInputStream().readNBytes(6);
                } catch (IOException ignored) {
                    // the check hung up
                }
            });
            greeter.start();
            settings.put("gridftp.nodes", "gsiftp://127.0.0.1:" + door.getLocalPort());
            List<String> all = warnings();
            assertEquals(List.of(), about(all, "GridFTP door"), all.toString());
            assertEquals(List.of(), about(all, "gridftp.nodes"), all.toString());
            greeter.join(5000);
        }
    }

    @Test
    void aHostCertificateExpiringWithin30DaysIsAWarningWithTheDays() throws Exception {
        hostCertificateValidFor(Duration.ofDays(10));
        List<String> w = about(warnings(), "host certificate");
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).contains("in 9 days") || w.get(0).contains("in 10 days"), w.get(0));
    }

    @Test
    void aHostCertificateValidForLongerIsNotWarnedAbout() throws Exception {
        hostCertificateValidFor(Duration.ofDays(31));
        assertEquals(List.of(), about(warnings(), "host certificate"));
    }

    @Test
    void aCaDirectoryWithoutCrlsIsAWarning() throws Exception {
        assertEquals(List.of(), about(warnings(), "no CRL"), "DevPki writes a CRL");
        try (var files = Files.list(pki.trustDir())) {
            for (Path crl : files.filter(p -> p.getFileName().toString().matches(".*\\.r\\d+")).toList()) {
                Files.delete(crl);
            }
        }
        List<String> w = about(warnings(), "no CRL");
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).contains("1 CA certificate(s)") && w.get(0).contains("fetch-crl"), w.get(0));
    }
}
