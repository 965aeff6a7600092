package org.opensrm.server;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.opensrm.server.config.ConfigException;
import org.opensrm.server.config.ServerConfig;

/**
 * What {@code --dev} and {@code --dev-hdfs} start before the server — the development setup, its GridFTP door (and its
 * XRootD door when xrootd-server is installed)
 * or its embedded HDFS — the settings that point the server at them, and what is printed once the server is up.
 */
final class Development {
    private final DevSetup setup;
    private final DevGridFtpDoor door;
    private final List<String> settings;
    /** The XRootD door ({@code root://...|https://...}), or empty: none (its packages are missing). */
    private final Optional<String> xrootd;
    /** The packages whose absence kept the XRootD door from starting. */
    private final List<String> xrootdMissing;

    private Development(DevSetup setup, DevGridFtpDoor door, List<String> settings, Optional<String> xrootd,
                        List<String> xrootdMissing) {
        this.setup = setup;
        this.door = door;
        this.settings = settings;
        this.xrootd = xrootd;
        this.xrootdMissing = xrootdMissing;
    }

    /**
     * Prepares the setup under {@code dir} and starts the door (POSIX) or the HDFS cluster; what must be stopped
     * with the server is pushed onto {@code running}.
     */
    static Development start(Path dir, boolean hdfs, Deque<AutoCloseable> running)
            throws IOException, GeneralSecurityException, ConfigException {
        DevSetup setup = DevSetup.prepare(dir);
        List<String> settings = new ArrayList<>(setup.settings());
        if (hdfs) {
            settings.addAll(DevHdfs.start(dir));
            return new Development(setup, null, settings, Optional.empty(), List.of());
        }
        DevGridFtpDoor door = DevGridFtpDoor.start(dir.resolve("gridftp"), setup.hostCert(), setup.hostKey(),
                setup.trustDir(), setup.gridMap());
        running.push(door);
        List<String> missing = DevPrerequisites.missingForXrootd(Path.of("/"));
        if (!missing.isEmpty()) {
            settings.add("gridftp.nodes=" + door.node());
            return new Development(setup, door, settings, Optional.empty(), missing);
        }
        DevXrootdDoor xrootd = DevXrootdDoor.start(dir, dir.resolve("data"), setup.hostCert(), setup.hostKey(),
                setup.trustDir(), setup.gridMap());
        running.push(xrootd);
        settings.add("gridftp.nodes=" + door.node());
        settings.add("doors=" + xrootd.node());
        settings.addAll(DevXrootdDoor.macaroonSettings(dir));
        return new Development(setup, door, settings, Optional.of(xrootd.node()), List.of());
    }

    /** The configuration of the development server, as {@code --set} overrides. */
    List<String> settings() {
        return settings;
    }

    /** How the development server keeps requests, as printed: empty in gateway mode. */
    private static String fullMode(ServerConfig config) {
        return config.fullMode() ? "in full mode (requests are queued and kept in "
                + config.stateDir().resolve(org.opensrm.stores.RequestStores.EMBEDDED_FILE) + ")" : "";
    }

    /** The lines printed once the server is up on {@code port}. */
    String instructions(ServerConfig config, int port) {
        return door == null
                ? DevHdfs.instructions(setup, port, config.hdfs().uri() + config.backendRoot())
                : setup.instructions(port, config.backendRoot().toString(), door.node(), fullMode(config),
                        xrootd.map(node -> DevSetup.xrootdInstructions(port, node))
                                .orElseGet(() -> DevPrerequisites.noXrootdDoor(xrootdMissing)));
    }
}
