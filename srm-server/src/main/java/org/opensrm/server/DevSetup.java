package org.opensrm.server;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.devpki.ProxyStyle;
import org.opensrm.server.config.ConfigException;

/**
 * The embedded development setup behind {@code srm-server --dev}: under one state folder, a development CA,
 * host certificate, a user certificate and proxy for the person starting it, a grid-mapfile mapping that user
 * to the current account, a token key and a POSIX data directory. Made on first start, reused afterwards (the
 * proxy is renewed when it is close to expiry).
 */
final class DevSetup {
    static final Path ROOT_FALLBACK = Path.of("/var/tmp/opensrm-dev");
    private final Path dir;
    private final Path proxy;
    private final Path trustDir;

    private DevSetup(Path dir, Path proxy, Path trustDir) {
        this.dir = dir;
        this.proxy = proxy;
        this.trustDir = trustDir;
    }

    static DevSetup prepare(Path dir) throws IOException, GeneralSecurityException, ConfigException {
        Files.createDirectories(dir);
        DevPki pki = DevPki.openOrCreate(dir.resolve("pki"), "CN=OpenSRM Dev CA,O=OpenSRM,DC=dev");
        Path hostCert = dir.resolve("hostcert.pem");
        Path hostKey = dir.resolve("hostkey.pem");
        if (!Files.exists(hostCert) || expiresWithin(hostCert, Duration.ofDays(1))) {
            Set<String> names = new LinkedHashSet<>(List.of("localhost", "127.0.0.1"));
            names.add(InetAddress.getLocalHost().getCanonicalHostName());
            pki.issueHost("localhost", List.copyOf(names), Duration.ofDays(365)).writeCertAndKey(hostCert, hostKey);
        }
        String login = System.getProperty("user.name");
        // The server never acts as root (the authorizer refuses uid 0); started as root, the development user is
        // mapped to "nobody", which then owns the data directory.
        boolean root = "root".equals(login);
        String account = root ? "nobody" : login;
        Path userCert = dir.resolve("user").resolve("usercert.pem");
        Path userKey = dir.resolve("user").resolve("userkey.pem");
        Path proxy = dir.resolve("user").resolve("proxy.pem");
        Files.createDirectories(userCert.getParent());
        // A fresh user certificate (same DN) and 24-hour proxy on every development start.
        Credential user = pki.issueUser(login, Duration.ofDays(30));
        user.writeCertAndKey(userCert, userKey);
        pki.proxy(user, Duration.ofHours(24), ProxyStyle.RFC3820).writeProxyFile(proxy);
        Files.writeString(dir.resolve("grid-mapfile"), "\"" + user.opensslDn() + "\" " + account + "\n",
                StandardCharsets.UTF_8);
        Path key = dir.resolve("token.key");
        if (!Files.exists(key)) {
            byte[] secret = new byte[24];
            new SecureRandom().nextBytes(secret);
            Files.writeString(key, HexFormat.of().formatHex(secret), StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        }
        Path data = Files.createDirectories(dir.resolve("data"));
        if (root) {
            Files.setOwner(data, data.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(account));
            requireReachableByOthers(data);
        }
        return new DevSetup(dir, proxy, pki.trustDir());
    }

    /**
     * Started as root, the server and the GridFTP door act as "nobody", which must reach the data and CA
     * directories: a development directory under a private home (/root is mode 0700) cannot be served.
     */
    private static void requireReachableByOthers(Path data) throws ConfigException, IOException {
        Path closed = firstClosedAncestor(data);
        if (closed != null) {
            throw new ConfigException("started as root, --dev acts as the account 'nobody', which cannot reach "
                    + data + " (" + closed + " is not searchable by others): start it as an ordinary user, or put"
                    + " the development directory elsewhere, e.g. --dev-dir /tmp/opensrm-dev");
        }
    }

    /** The nearest existing ancestor of {@code path} that others cannot search, or null when there is none. */
    private static Path firstClosedAncestor(Path path) throws IOException {
        for (Path p = path.toAbsolutePath().getParent(); p != null; p = p.getParent()) {
            if (Files.exists(p) && !Files.getPosixFilePermissions(p).contains(PosixFilePermission.OTHERS_EXECUTE)) {
                return p;
            }
        }
        return null;
    }

    /**
     * Where the development state goes when no {@code --dev-dir} was given: {@code var/dev} of the working
     * directory, except for root when "nobody" could not reach it there (a clone under /root, mode 0700), which
     * gets {@link #ROOT_FALLBACK}.
     */
    static Path defaultDir(Path workingDir) throws IOException {
        Path dir = workingDir.resolve("var").resolve("dev").toAbsolutePath();
        return "root".equals(System.getProperty("user.name")) && firstClosedAncestor(dir.resolve("data")) != null
                ? ROOT_FALLBACK : dir;
    }

    private static boolean expiresWithin(Path pem, Duration margin) throws IOException {
        try {
            X509Certificate c;
            try (var in = Files.newInputStream(pem)) {
                c = (X509Certificate) java.security.cert.CertificateFactory.getInstance("X.509").generateCertificate(in);
            }
            return c.getNotAfter().toInstant().isBefore(Instant.now().plus(margin));
        } catch (GeneralSecurityException | RuntimeException e) {
            return true;
        }
    }

    /** The configuration of the development server, as --set overrides (loopback only). */
    List<String> settings() throws IOException {
        return List.of(
                "srm.host=127.0.0.1",
                "srm.port=8443",
                "srm.hostcert=" + hostCert(),
                "srm.hostkey=" + hostKey(),
                "srm.cadir=" + trustDir,
                "srm.gridmap=" + gridMap(),
                "srm.token.key=" + Files.readString(dir.resolve("token.key")).trim(),
                "srm.state.dir=" + dir.resolve("state"),
                "backend.root=" + dir.resolve("data"));
    }

    Path hostCert() {
        return dir.resolve("hostcert.pem");
    }

    Path hostKey() {
        return dir.resolve("hostkey.pem");
    }

    Path trustDir() {
        return trustDir;
    }

    Path gridMap() {
        return dir.resolve("grid-mapfile");
    }

    /**
     * The lines of the XRootD door: for each of its protocols ({@code root}, {@code davs}: gfal2's name of WebDAV
     * over TLS) an upload and a download through the SRM with gfal2's TURL protocol setting, overwriting
     * ({@code -f}) what the GridFTP lines made.
     */
    static String xrootdInstructions(int port, String node) {
        String srm = "srm://localhost:" + port + "/";
        StringBuilder sb = new StringBuilder("With the XRootD door at " + node + " (TURLs carry a macaroon):\n\n");
        for (String protocol : List.of("root", "davs")) {
            String setting = "-D \"SRM PLUGIN:TURL_3RD_PARTY_PROTOCOLS=" + protocol + "\"";
            sb.append("  gfal-copy -f ").append(setting).append(" file:///etc/os-release ").append(srm)
                    .append("os-release\n");
            sb.append("  gfal-copy -f ").append(setting).append(' ').append(srm)
                    .append("os-release file:///tmp/os-release.copy\n");
        }
        return sb.append('\n').toString();
    }

    /** The client environment the printed gfal2 lines need, as one {@code export} line. */
    String clientEnvironment() {
        return "export X509_USER_PROXY=" + proxy + " X509_CERT_DIR=" + trustDir
                + " GFAL_PYTHONBIN=/usr/bin/python3 GLOBUS_THREAD_MODEL=none";
    }

    /** What the development server prints once it is up, with the GridFTP door that serves its transfers. */
    String instructions(int port, String serving, String door, String mode) {
        return instructions(port, serving, door, mode, "");
    }

    /**
     * The same, with {@code doors} (the XRootD door's lines, or why there is none) before the last line.
     */
    String instructions(int port, String serving, String door, String mode, String doors) {
        String srm = "srm://localhost:" + port + "/";
        return "\nOpenSRM development server is up on port " + port + (mode.isEmpty() ? "" : " " + mode)
                + ", serving " + serving
                + ",\nwith a GridFTP door for its transfers at " + door + ".\n"
                + "Try it with gfal2 (first the client environment, once per shell):\n\n"
                + "  " + clientEnvironment() + "\n"
                + "  gfal-ls -l " + srm + "\n"
                + "  gfal-copy file:///etc/os-release " + srm + "os-release\n"
                + "  gfal-copy " + srm + "os-release file:///tmp/os-release.copy\n"
                + "  gfal-rm " + srm + "os-release\n\n"
                + doors
                + "Ctrl-C stops the server and its doors.\n";
    }
}
