package org.opensrm.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.List;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.devpki.ProxyStyle;

/**
 * The usual fixture of an integration test, kept in one directory: a CA ({@code dir/pki}, trust directory
 * {@code dir/pki/certificates}), a host credential for {@code localhost} (SANs {@code localhost} and
 * {@code 127.0.0.1}), users with proxies, and pre-filled builders for GridFTP servers and clients.
 *
 * <pre>{@code
 * TestGrid grid = TestGrid.create(tmp);
 * GridUser alice = grid.user("Alice");
 * try (GridFtpServerProcess ftp = GridFtpServerProcess.start(grid.gridFtpServer("a").map(alice.dn(), "srmuser1").build())) {
 *     ClientRun r = grid.clients(alice).globusUrlCopy("file:///etc/hostname", ftp.url("/tmp/x"));
 * }
 * }</pre>
 */
public final class TestGrid {
    public static final String CA_DN = "CN=OpenSRM Test CA,O=OpenSRM,DC=test";
    private static final Duration VALIDITY = Duration.ofDays(2);
    private static final Duration PROXY_LIFETIME = Duration.ofHours(12);

    private final Path dir;
    private final DevPki pki;
    private final Credential host;

    private TestGrid(Path dir, DevPki pki, Credential host) {
        this.dir = dir;
        this.pki = pki;
        this.host = host;
    }

    /** Opens (or creates) the CA under {@code dir/pki} and issues the host credential. */
    public static TestGrid create(Path dir) throws IOException {
        Path abs = Files.createDirectories(dir.toAbsolutePath());
        try {
            DevPki pki = DevPki.openOrCreate(abs.resolve("pki"), CA_DN);
            return new TestGrid(abs, pki, pki.issueHost("localhost", List.of("localhost", "127.0.0.1"), VALIDITY));
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot create the test CA in " + abs, e);
        }
    }

    public Path dir() {
        return dir;
    }

    public DevPki pki() {
        return pki;
    }

    /** {@code X509_CERT_DIR} for servers and clients. */
    public Path trustDir() {
        return pki.trustDir();
    }

    /** Host credential for {@code localhost}. */
    public Credential hostCredential() {
        return host;
    }

    /** Issues a user {@code CN=commonName} and writes a 12 h RFC 3820 proxy to {@code dir/users/<cn>.proxy}. */
    public GridUser user(String commonName) throws IOException {
        Credential user = pki.issueUser(commonName, VALIDITY);
        Credential proxy = pki.proxy(user, PROXY_LIFETIME, ProxyStyle.RFC3820);
        Path file = Files.createDirectories(dir.resolve("users")).resolve(fileName(commonName) + ".proxy");
        proxy.writeProxyFile(file);
        return new GridUser(commonName, user, proxy, file);
    }

    /** Clients acting as {@code user}, with {@code HOME} {@code dir/home-<cn>}. */
    public SrmClients clients(GridUser user) {
        return new SrmClients(ClientEnvironment.builder().proxy(user.proxyFile()).trustDir(trustDir())
                .home(dir.resolve("home-" + fileName(user.commonName()))).build());
    }

    /** A server builder with work directory {@code dir/gridftp-<name>}, this grid's host credential and CA. */
    public GridFtpServerConfig.Builder gridFtpServer(String name) {
        return GridFtpServerConfig.builder().workDir(dir.resolve("gridftp-" + fileName(name)))
                .hostCredential(host).trustDir(trustDir());
    }

    /**
     * An XRootD door builder with work directory {@code dir/xrootd-<name>}, serving {@code dataRoot}, with this
     * grid's host credential and CA.
     */
    public XrootdServerConfig.Builder xrootdServer(String name, Path dataRoot) {
        return XrootdServerConfig.builder().workDir(dir.resolve("xrootd-" + fileName(name))).dataRoot(dataRoot)
                .hostCredential(host).trustDir(trustDir());
    }

    private static String fileName(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
