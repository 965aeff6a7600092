package org.opensrm.server.soap;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.opensrm.client.HttpgClient;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.devpki.ProxyStyle;

/**
 * The credentials a SOAP-edge test needs, all in one temporary directory: a dev CA and its trust directory, a host
 * certificate for {@code localhost}/{@code 127.0.0.1}, and one user with an RFC 3820 proxy file.
 */
final class EdgePki {
    private final DevPki pki;
    private final Path hostCert;
    private final Path hostKey;
    private final Credential user;
    private final Path proxyFile;

    private EdgePki(DevPki pki, Path hostCert, Path hostKey, Credential user, Path proxyFile) {
        this.pki = pki;
        this.hostCert = hostCert;
        this.hostKey = hostKey;
        this.user = user;
        this.proxyFile = proxyFile;
    }

    static EdgePki create(Path dir) throws Exception {
        DevPki pki = DevPki.openOrCreate(dir.resolve("ca"), "CN=SOAP Edge Test CA,O=OpenSRM,DC=test");
        Path hostCert = dir.resolve("hostcert.pem");
        Path hostKey = dir.resolve("hostkey.pem");
        pki.issueHost("localhost", List.of("127.0.0.1"), Duration.ofDays(1)).writeCertAndKey(hostCert, hostKey);
        Credential user = pki.issueUser("Edge Tester", Duration.ofDays(1));
        Path proxyFile = dir.resolve("x509up_edge");
        pki.proxy(user, Duration.ofHours(2), ProxyStyle.RFC3820).writeProxyFile(proxyFile);
        Files.createDirectories(dir);
        return new EdgePki(pki, hostCert, hostKey, user, proxyFile);
    }

    Path trustDir() {
        return pki.trustDir();
    }

    Path hostCert() {
        return hostCert;
    }

    Path hostKey() {
        return hostKey;
    }

    /** The user's DN in OpenSSL slash form, as grid-mapfiles and the server's identity use it. */
    String userDn() {
        return user.opensslDn();
    }

    HttpgClient client() {
        return new HttpgClient(proxyFile, pki.trustDir());
    }
}
