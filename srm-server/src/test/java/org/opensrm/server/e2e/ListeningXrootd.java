package org.opensrm.server.e2e;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.GridFtpSelectors;
import org.opensrm.testkit.TestGrid;
import org.opensrm.testkit.internal.ProcessTree;
import org.opensrm.testkit.internal.PublicTrustDir;

/**
 * A real {@code xrootd} (Debian's xrootd-server) listening as a door for the SRM server's health probes and
 * protocol choice: {@code root} on one port and XrdHttp ({@code https}, TLS with the site's host certificate) on
 * another, exporting a directory, run as {@code nobody} (xrootd refuses to run as root). Transfers through XRootD
 * doors are another fixture's; this one is up or killed.
 */
final class ListeningXrootd implements AutoCloseable {
    private final Process process;
    private final PublicTrustDir trust;
    private final int rootPort;
    private final int httpsPort;

    private ListeningXrootd(Process process, PublicTrustDir trust, int rootPort, int httpsPort) {
        this.process = process;
        this.trust = trust;
        this.rootPort = rootPort;
        this.httpsPort = httpsPort;
    }

    /** Starts one in {@code work} (made, owned by nobody) exporting {@code export}; waits until both ports answer. */
    static ListeningXrootd start(TestGrid grid, Path work, Path export) throws Exception {
        Files.createDirectories(work);
        UserPrincipalLookupService users = work.getFileSystem().getUserPrincipalLookupService();
        Path cert = work.resolve("hostcert.pem");
        Path key = work.resolve("hostkey.pem");
        grid.hostCredential().writeCertAndKey(cert, key);
        for (Path p : List.of(work, cert, key)) {
            Files.setOwner(p, users.lookupPrincipalByName("nobody"));
        }
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        PublicTrustDir trust = PublicTrustDir.copyOf(grid.trustDir());
        int rootPort = freePort();
        int httpsPort = freePort();
        Path cfg = Files.writeString(work.resolve("xrootd.cfg"), String.join("\n",
                "xrd.port " + rootPort,
                "all.export /",
                "oss.localroot " + export,
                "xrd.tls " + cert + " " + key,
                "xrd.tlsca certdir " + trust.path(),
                "xrd.protocol XrdHttp:" + httpsPort + " libXrdHttp.so",
                "all.adminpath " + work,
                "all.pidpath " + work, ""));
        ProcessBuilder pb = new ProcessBuilder("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                "xrootd", "-c", cfg.toString(), "-l", work.resolve("xrootd.log").toString(), "-n", "doors")
                .directory(work.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true).redirectOutput(work.resolve("stdout.txt").toFile());
        Process process = pb.start();
        ListeningXrootd x = new ListeningXrootd(process, trust, rootPort, httpsPort);
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!x.answers()) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new IOException("xrootd did not come up on " + rootPort + "/" + httpsPort + ": "
                            + Files.readString(work.resolve("stdout.txt")));
                }
                LockSupport.parkNanos(Duration.ofMillis(50).toNanos()); // poll the ports until they answer
            }
            return x;
        } catch (Exception | Error e) {
            x.close();
            throw e;
        }
    }

    /** Whether both endpoints answer as the server's probes ask: XRootD's handshake, TLS and an HTTP answer. */
    boolean answers() {
        return GridFtpSelectors.probe(GridFtpNode.of(GridFtpNode.ROOT, "localhost", rootPort), Duration.ofSeconds(2))
                .up() && GridFtpSelectors.probe(GridFtpNode.of(GridFtpNode.HTTPS, "localhost", httpsPort),
                Duration.ofSeconds(2)).up();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    int rootPort() {
        return rootPort;
    }

    int httpsPort() {
        return httpsPort;
    }

    /** {@code root://localhost:R|https://localhost:H}: one door, two endpoints. */
    String door() {
        return "root://localhost:" + rootPort + "|https://localhost:" + httpsPort;
    }

    @Override
    public void close() {
        ProcessTree.destroy(process.toHandle(), Duration.ofSeconds(3));
        trust.close();
    }
}
