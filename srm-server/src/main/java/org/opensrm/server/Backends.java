package org.opensrm.server;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import org.opensrm.backend.PosixMode;
import org.opensrm.backend.StorageBackend;
import org.opensrm.backend.hdfs.HdfsBackendConfig;
import org.opensrm.backend.hdfs.HdfsBackends;
import org.opensrm.backend.posix.PosixBackend;
import org.opensrm.backend.posix.PosixBackendConfig;
import org.opensrm.common.SrmException;
import org.opensrm.server.config.ConfigException;
import org.opensrm.server.config.ServerConfig;

/** Builds the configured storage backend. */
final class Backends {
    private Backends() {
    }

    static StorageBackend open(ServerConfig config) throws ConfigException, IOException {
        return switch (config.backend()) {
            case "hdfs" -> hdfs(config);
            default -> new PosixBackend(PosixBackendConfig.builder(config.backendRoot())
                    .directoryMode(PosixMode.ofOctal(config.directoryMode())).build());
        };
    }

    private static StorageBackend hdfs(ServerConfig config) throws ConfigException {
        ServerConfig.HdfsSettings h = config.hdfs();
        try {
            HdfsBackendConfig.Builder b = HdfsBackendConfig.builder().uri(URI.create(h.uri()))
                    .root(config.backendRoot().toString()).listChecksums(h.listChecksums());
            h.configFiles().forEach(b::configFile);
            h.properties().forEach(b::hadoopProperty);
            if (!h.kerberosPrincipal().isBlank()) {
                b.kerberos(h.kerberosPrincipal(), Path.of(h.kerberosKeytab()));
            }
            if (!h.serviceUser().isBlank()) {
                b.serviceUser(h.serviceUser());
            }
            return HdfsBackends.open(b.build());
        } catch (IllegalArgumentException e) {
            throw new ConfigException("HDFS backend (backend.hdfs.*): " + e.getMessage());
        } catch (SrmException e) {
            throw new ConfigException("cannot open HDFS at " + h.uri() + config.backendRoot() + ": " + e.getMessage());
        }
    }
}
