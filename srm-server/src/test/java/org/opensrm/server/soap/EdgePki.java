package org.opensrm.server.soap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.opensrm.client.HttpgClient;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.devpki.ProxyStyle;

/**
 * The credentials a SOAP-edge test needs, all in one temporary directory: a dev CA and its trust directory, a host
 * certificate for {@code localhost}/{@code 127.0.0.1}, and one user with an RFC 3820 proxy file.
 */
final class EdgePki {
    private static final String CA_DN = "CN=SOAP Edge Test CA,O=OpenSRM,DC=test";
    /** The credentials made first in this JVM, in a directory of their own: what {@link #create} copies. */
    private static EdgePki first;

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

    /**
     * The credentials in {@code dir}: copies of the ones this JVM made first (their RSA keys are made once per
     * test JVM, not once per class), with the CA opened from its copy.
     */
    static EdgePki create(Path dir) throws Exception {
        EdgePki first = firstOfThisJvm();
        copyTree(first.hostCert.getParent(), dir);
        DevPki pki = DevPki.openOrCreate(dir.resolve("ca"), CA_DN);
        return new EdgePki(pki, dir.resolve("hostcert.pem"), dir.resolve("hostkey.pem"), first.user,
                dir.resolve("x509up_edge"));
    }

    private static synchronized EdgePki firstOfThisJvm() throws Exception {
        if (first == null) {
            Path dir = Files.createTempDirectory("opensrm-edge-pki-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> RealSrmSite.deleteQuietly(dir)));
            first = make(dir);
        }
        return first;
    }

    private static EdgePki make(Path dir) throws Exception {
        DevPki pki = DevPki.openOrCreate(dir.resolve("ca"), CA_DN);
        Path hostCert = dir.resolve("hostcert.pem");
        Path hostKey = dir.resolve("hostkey.pem");
        pki.issueHost("localhost", List.of("127.0.0.1"), Duration.ofDays(1)).writeCertAndKey(hostCert, hostKey);
        Credential user = pki.issueUser("Edge Tester", Duration.ofDays(1));
        Path proxyFile = dir.resolve("x509up_edge");
        pki.proxy(user, Duration.ofHours(2), ProxyStyle.RFC3820).writeProxyFile(proxyFile);
        return new EdgePki(pki, hostCert, hostKey, user, proxyFile);
    }

    /** Copies {@code from}'s files and directories into {@code to}, keeping their permissions (keys are 0600). */
    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path p : paths.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
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
