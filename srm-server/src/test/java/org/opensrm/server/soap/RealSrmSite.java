package org.opensrm.server.soap;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgResponse;
import org.opensrm.server.SrmServer;
import org.opensrm.server.config.RawConfig;
import org.opensrm.server.config.ServerConfig;

/**
 * The real composition ({@link SrmServer} from configuration) on a free loopback port, with a POSIX backend root
 * in a fresh {@code /tmp/opensrm-soap-*} directory (mode 0755) and a grid-mapfile mapping the test user to
 * {@code srmuser1}. No GridFTP door: operations that need one answer with their own status.
 */
final class RealSrmSite implements AutoCloseable {
    static final String ACCOUNT = "srmuser1";

    private final Path base;
    private final Path root;
    private final EdgePki pki;
    private final SrmServer server;

    private RealSrmSite(Path base, Path root, EdgePki pki, SrmServer server) {
        this.base = base;
        this.root = root;
        this.pki = pki;
        this.server = server;
    }

    static RealSrmSite start() throws Exception {
        return start(Map.of());
    }

    /** With {@code extra} settings added to (or replacing) the defaults. */
    static RealSrmSite start(Map<String, String> extra) throws Exception {
        Path base = Files.createTempDirectory(Path.of("/tmp"), "opensrm-soap-");
        try {
            Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
            EdgePki pki = EdgePki.create(base.resolve("pki"));
            Path root = Files.createDirectory(base.resolve("root"));
            Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path gridmap = base.resolve("grid-mapfile");
            Files.writeString(gridmap, "\"" + pki.userDn() + "\" " + ACCOUNT + "\n");
            Map<String, String> config = new HashMap<>();
            config.put("srm.host", "127.0.0.1");
            config.put("srm.port", "0");
            config.put("srm.hostcert", pki.hostCert().toString());
            config.put("srm.hostkey", pki.hostKey().toString());
            config.put("srm.cadir", pki.trustDir().toString());
            config.put("srm.gridmap", gridmap.toString());
            config.put("srm.token.key", "soap-edge-test-token-key-0123456789");
            config.put("srm.state.dir", Files.createDirectory(base.resolve("state")).toString());
            config.put("backend.root", root.toString());
            config.putAll(extra);
            SrmServer server = new SrmServer(ServerConfig.from(RawConfig.of(config)));
            server.start();
            return new RealSrmSite(base, root, pki, server);
        } catch (Exception | Error e) {
            deleteTree(base);
            throw e;
        }
    }

    int port() {
        return server.port();
    }

    SrmServer server() {
        return server;
    }

    /** The backend directory SURL path {@code /} maps to. */
    Path root() {
        return root;
    }

    HttpgClient client() {
        return pki.client();
    }

    /** Posts a plain SOAP 1.1 envelope whose Body holds {@code bodyXml} (prefix {@code srm2} is the SRM namespace). */
    HttpgResponse call(String bodyXml) throws IOException {
        String envelope = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><SOAP-ENV:Envelope"
                + " xmlns:SOAP-ENV=\"http://schemas.xmlsoap.org/soap/envelope/\""
                + " xmlns:srm2=\"http://srm.lbl.gov/StorageResourceManager\">"
                + "<SOAP-ENV:Body>" + bodyXml + "</SOAP-ENV:Body></SOAP-ENV:Envelope>";
        return client().post("127.0.0.1", port(), "/srm/managerv2",
                Map.of("Content-Type", "text/xml; charset=utf-8", "SOAPAction", "\"\""),
                envelope.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void close() throws IOException {
        server.close();
        deleteTree(base);
    }

    /** {@link #deleteTree}, for a shutdown hook: what cannot be removed stays. */
    static void deleteQuietly(Path dir) {
        try {
            deleteTree(dir);
        } catch (IOException | RuntimeException e) {
            // a temporary directory left behind
        }
    }

    /** Removes {@code dir} and everything below it, if it exists. */
    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
