package org.opensrm.loadtest;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.devpki.ProxyStyle;

/** A throw-away CA with a localhost host certificate and Alice's RFC 3820 proxy file. */
final class TestPki {
    final DevPki pki;
    final Credential host;
    final Path proxyFile;

    TestPki(Path dir) throws Exception {
        pki = DevPki.openOrCreate(dir.resolve("ca"), "CN=Test CA,O=OpenSRM,DC=test");
        host = pki.issueHost("localhost", List.of("localhost", "127.0.0.1"), Duration.ofDays(1));
        Credential alice = pki.issueUser("Alice", Duration.ofDays(1));
        proxyFile = dir.resolve("x509up_alice");
        pki.proxy(alice, Duration.ofHours(12), ProxyStyle.RFC3820).writeProxyFile(proxyFile);
    }

    Path trustDir() {
        return pki.trustDir();
    }
}
