package org.opensrm.testkit;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.opensrm.devpki.Credential;

/**
 * Immutable description of a test {@code globus-gridftp-server}. Required: a work directory (logs and generated
 * files go there), the host credential (a {@link Credential} or PEM files) and the trust directory. The grid-mapfile
 * is either an existing file or built from {@link Builder#map} entries.
 *
 * <p>Defaults: executable {@code /usr/sbin/globus-gridftp-server}, log level {@code error,warn,info,transfer},
 * start timeout 30 s, listening on 127.0.0.1 only (control and data channels).
 */
public final class GridFtpServerConfig {
    public static final Path DEFAULT_EXECUTABLE = Path.of("/usr/sbin/globus-gridftp-server");
    public static final String DEFAULT_LOG_LEVEL = "error,warn,info,transfer";
    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(30);

    private final Path workDir;
    private final Credential hostCredential;
    private final Path hostCert;
    private final Path hostKey;
    private final Path trustDir;
    private final Path gridMapFile;
    private final Map<String, List<String>> gridMap;
    private final Path executable;
    private final String logLevel;
    private final Duration startTimeout;
    private final List<String> extraArgs;
    private final Map<String, String> environment;

    private GridFtpServerConfig(Builder b) {
        workDir = b.workDir;
        hostCredential = b.hostCredential;
        hostCert = b.hostCert;
        hostKey = b.hostKey;
        trustDir = b.trustDir;
        gridMapFile = b.gridMapFile;
        Map<String, List<String>> copy = new LinkedHashMap<>();
        b.gridMap.forEach((dn, accounts) -> copy.put(dn, List.copyOf(accounts)));
        gridMap = java.util.Collections.unmodifiableMap(copy);
        executable = b.executable;
        logLevel = b.logLevel;
        startTimeout = b.startTimeout;
        extraArgs = List.copyOf(b.extraArgs);
        environment = Map.copyOf(b.environment);
    }

    public static Builder builder() {
        return new Builder();
    }

    public Path workDir() {
        return workDir;
    }

    /** The host credential to write into the work directory, or {@code null} when PEM files were given. */
    public Credential hostCredential() {
        return hostCredential;
    }

    /** Host certificate PEM, as given or where the credential will be written. */
    public Path hostCert() {
        return hostCert != null ? hostCert : workDir.resolve("hostcert.pem");
    }

    /** Host key PEM, as given or where the credential will be written. */
    public Path hostKey() {
        return hostKey != null ? hostKey : workDir.resolve("hostkey.pem");
    }

    public Path trustDir() {
        return trustDir;
    }

    /** The grid-mapfile in use: as given, or {@code workDir/grid-mapfile} written from the entries. */
    public Path gridMapFile() {
        return gridMapFile != null ? gridMapFile : workDir.resolve("grid-mapfile");
    }

    /** Grid-map entries to write (DN in OpenSSL slash form → accounts, first is the default); empty if a file was given. */
    public Map<String, List<String>> gridMap() {
        return gridMap;
    }

    public Path executable() {
        return executable;
    }

    public String logLevel() {
        return logLevel;
    }

    public Duration startTimeout() {
        return startTimeout;
    }

    public List<String> extraArgs() {
        return extraArgs;
    }

    /** Variables set in the server's environment after the X509/GLOBUS ones are cleared, e.g. for a GSI callout. */
    public Map<String, String> environment() {
        return environment;
    }

    /** Validating builder. */
    public static final class Builder {
        private Path workDir;
        private Credential hostCredential;
        private Path hostCert;
        private Path hostKey;
        private Path trustDir;
        private Path gridMapFile;
        private final Map<String, List<String>> gridMap = new LinkedHashMap<>();
        private Path executable = DEFAULT_EXECUTABLE;
        private String logLevel = DEFAULT_LOG_LEVEL;
        private Duration startTimeout = DEFAULT_START_TIMEOUT;
        private final List<String> extraArgs = new ArrayList<>();
        private final Map<String, String> environment = new LinkedHashMap<>();

        private Builder() {
        }

        public Builder workDir(Path dir) {
            workDir = Objects.requireNonNull(dir, "workDir").toAbsolutePath();
            return this;
        }

        /** Host credential (e.g. {@code pki.issueHost("localhost", List.of("localhost", "127.0.0.1"), ...)}). */
        public Builder hostCredential(Credential credential) {
            hostCredential = Objects.requireNonNull(credential, "hostCredential");
            return this;
        }

        /** Existing host certificate and unencrypted key PEM files (the key must be mode 0600 or 0400). */
        public Builder hostCertificate(Path certPem, Path keyPem) {
            hostCert = Objects.requireNonNull(certPem, "certPem").toAbsolutePath();
            hostKey = Objects.requireNonNull(keyPem, "keyPem").toAbsolutePath();
            return this;
        }

        /** {@code X509_CERT_DIR}: {@code <hash>.0} and {@code <hash>.signing_policy} of the CAs to trust. */
        public Builder trustDir(Path dir) {
            trustDir = Objects.requireNonNull(dir, "trustDir").toAbsolutePath();
            return this;
        }

        /** An existing grid-mapfile (exclusive with {@link #map}). */
        public Builder gridMapFile(Path file) {
            gridMapFile = Objects.requireNonNull(file, "gridMapFile").toAbsolutePath();
            return this;
        }

        /** Maps a DN in OpenSSL slash form ({@code Credential.opensslDn()}) to local accounts. */
        public Builder map(String dn, String... accounts) {
            Objects.requireNonNull(dn, "dn");
            if (accounts.length == 0) {
                throw new IllegalArgumentException("no account for " + dn);
            }
            gridMap.put(dn, List.of(accounts));
            return this;
        }

        public Builder executable(Path path) {
            executable = Objects.requireNonNull(path, "executable");
            return this;
        }

        /** The server's {@code -log-level} list, e.g. {@code error,warn,info,transfer} or {@code all}. */
        public Builder logLevel(String level) {
            logLevel = Objects.requireNonNull(level, "logLevel");
            return this;
        }

        public Builder startTimeout(Duration timeout) {
            startTimeout = Objects.requireNonNull(timeout, "startTimeout");
            return this;
        }

        /**
         * Further server options, appended last, e.g. {@code "-connections-max", "2"}. Never {@code -p}: the
         * server announces the port it picked only when none is given, and that is how the kit finds it.
         */
        public Builder extraArgs(String... args) {
            extraArgs.addAll(List.of(args));
            return this;
        }

        /** Sets {@code name=value} in the server's environment (e.g. {@code GSI_AUTHZ_CONF}). */
        public Builder environment(String name, String value) {
            environment.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        public GridFtpServerConfig build() {
            if (workDir == null) {
                throw new IllegalArgumentException("workDir is required");
            }
            if (trustDir == null) {
                throw new IllegalArgumentException("trustDir is required");
            }
            if ((hostCredential == null) == (hostCert == null)) {
                throw new IllegalArgumentException("give exactly one of hostCredential or hostCertificate");
            }
            if (gridMapFile != null && !gridMap.isEmpty()) {
                throw new IllegalArgumentException("give either a grid-mapfile or map entries, not both");
            }
            if (startTimeout.isNegative() || startTimeout.isZero()) {
                throw new IllegalArgumentException("start timeout must be positive");
            }
            if (extraArgs.contains("-p") || extraArgs.contains("-port")) {
                throw new IllegalArgumentException("-p/-port must not be given: the server picks a free port");
            }
            for (String dn : gridMap.keySet()) {
                if (!dn.startsWith("/") || dn.indexOf('\n') >= 0) {
                    throw new IllegalArgumentException("not an OpenSSL slash-form DN: " + dn);
                }
            }
            return new GridFtpServerConfig(this);
        }
    }
}
