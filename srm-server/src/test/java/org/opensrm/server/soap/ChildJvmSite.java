package org.opensrm.server.soap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import org.opensrm.client.HttpgClient;
import org.opensrm.server.LaunchedServer;

/**
 * The server as operators run it ({@link LaunchedServer}: {@code bin/srm-server -c FILE} in a JVM of its own) with
 * a heap of the test's choosing, the shipped {@code logback.xml}, and its console (the server log) written to a file
 * the test reads back. POSIX backend root, grid-mapfile and credentials as in {@link RealSrmSite}.
 */
final class ChildJvmSite implements AutoCloseable {
    private final Path base;
    private final EdgePki pki;
    private final LaunchedServer server;

    private ChildJvmSite(Path base, EdgePki pki, LaunchedServer server) {
        this.base = base;
        this.pki = pki;
        this.server = server;
    }

    /** Starts the server with heap {@code heap} (e.g. "256m") and {@code extra} configuration keys. */
    static ChildJvmSite start(String heap, Map<String, String> extra) throws Exception {
        Path base = Files.createTempDirectory(Path.of("/tmp"), "opensrm-child-");
        try {
            Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
            EdgePki pki = EdgePki.create(base.resolve("pki"));
            Path root = Files.createDirectory(base.resolve("root"));
            Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path gridmap = Files.writeString(base.resolve("grid-mapfile"),
                    "\"" + pki.userDn() + "\" " + RealSrmSite.ACCOUNT + "\n");
            Map<String, String> conf = new LinkedHashMap<>(Map.of("srm.host", "127.0.0.1", "srm.port", "0",
                    "srm.hostcert", pki.hostCert().toString(),
                    "srm.hostkey", pki.hostKey().toString(), "srm.cadir", pki.trustDir().toString(),
                    "srm.gridmap", gridmap.toString(), "srm.token.key", "child-jvm-test-token-key-0123456789",
                    "srm.state.dir", Files.createDirectory(base.resolve("state")).toString(),
                    "backend.root", root.toString()));
            conf.putAll(extra);
            return new ChildJvmSite(base, pki, LaunchedServer.start(base, conf, heap, "server.log"));
        } catch (Exception | Error e) {
            RealSrmSite.deleteTree(base);
            throw e;
        }
    }

    int port() {
        return server.port();
    }

    boolean alive() {
        return server.alive();
    }

    /** What the server has logged so far. */
    String log() throws IOException {
        return server.log();
    }

    HttpgClient client() {
        return pki.client().withTimeoutMillis(120_000);
    }

    /** The backend directory SURL path {@code /} maps to. */
    Path root() {
        return base.resolve("root");
    }

    EdgePki pki() {
        return pki;
    }

    @Override
    public void close() throws Exception {
        try {
            server.close();
        } finally {
            RealSrmSite.deleteTree(base);
        }
    }
}
