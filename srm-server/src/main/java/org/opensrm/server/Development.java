package org.opensrm.server;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.opensrm.server.config.ConfigException;
import org.opensrm.server.config.ServerConfig;

/**
 * What {@code --dev} and {@code --dev-hdfs} start before the server — the development setup, and its GridFTP door
 * or its embedded HDFS — the settings that point the server at them, and what is printed once the server is up.
 */
final class Development {
    private final DevSetup setup;
    private final DevGridFtpDoor door;
    private final List<String> settings;

    private Development(DevSetup setup, DevGridFtpDoor door, List<String> settings) {
        this.setup = setup;
        this.door = door;
        this.settings = settings;
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
            return new Development(setup, null, settings);
        }
        DevGridFtpDoor door = DevGridFtpDoor.start(dir.resolve("gridftp"), setup.hostCert(), setup.hostKey(),
                setup.trustDir(), setup.gridMap());
        running.push(door);
        settings.add("gridftp.nodes=" + door.node());
        return new Development(setup, door, settings);
    }

    /** The configuration of the development server, as {@code --set} overrides. */
    List<String> settings() {
        return settings;
    }

    /** How the development server keeps requests, as printed: empty in gateway mode. */
    private static String fullMode(ServerConfig config) {
        return config.fullMode() ? "in full mode (requests are queued and kept in "
                + config.stateDir().resolve(org.opensrm.core.RequestStores.EMBEDDED_FILE) + ")" : "";
    }

    /** The lines printed once the server is up on {@code port}. */
    String instructions(ServerConfig config, int port) {
        return door == null
                ? DevHdfs.instructions(setup, port, config.hdfs().uri() + config.backendRoot())
                : setup.instructions(port, config.backendRoot().toString(), door.node(), fullMode(config));
    }
}
