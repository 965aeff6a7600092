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
 * Immutable description of a test {@code xrootd} (Debian's {@code xrootd-server} with the HTTP, HTTP-TPC and
 * macaroon plug-ins) serving one POSIX directory. Required: a work directory (configuration, credentials, log and
 * admin files go there), the data root (what the door serves, under its own path: the backend's root), the host
 * credential and the trust directory.
 *
 * <p>Defaults: executable {@code /usr/bin/xrootd}, door account {@value #DEFAULT_ACCOUNT} (XRootD refuses to run
 * as root; started by root it runs as that account with {@code CAP_DAC_OVERRIDE}, otherwise as the caller), site name
 * {@value #DEFAULT_SITE_NAME} (a macaroon's location must be it), a macaroon secret of 64 random bytes made in the
 * work directory unless one is given, start timeout 30 s, HTTP-TPC loaded.
 */
public final class XrootdServerConfig {
    public static final Path DEFAULT_EXECUTABLE = Path.of("/usr/bin/xrootd");
    public static final String DEFAULT_ACCOUNT = "xrootd";
    public static final String DEFAULT_SITE_NAME = "OpenSRM";
    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(30);

    private final Path workDir;
    private final Path dataRoot;
    private final Credential hostCredential;
    private final Path trustDir;
    private final Map<String, String> gridMap;
    private final Path macaroonSecret;
    private final String siteName;
    private final String account;
    private final Path executable;
    private final Duration startTimeout;
    private final boolean httpTpc;
    private final List<String> extraDirectives;

    private XrootdServerConfig(Builder b) {
        workDir = Objects.requireNonNull(b.workDir, "workDir");
        dataRoot = Objects.requireNonNull(b.dataRoot, "dataRoot");
        hostCredential = Objects.requireNonNull(b.hostCredential, "hostCredential");
        trustDir = Objects.requireNonNull(b.trustDir, "trustDir");
        gridMap = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(b.gridMap));
        macaroonSecret = b.macaroonSecret;
        siteName = b.siteName;
        account = b.account;
        executable = b.executable;
        startTimeout = b.startTimeout;
        httpTpc = b.httpTpc;
        extraDirectives = List.copyOf(b.extraDirectives);
    }

    public static Builder builder() {
        return new Builder();
    }

    public Path workDir() {
        return workDir;
    }

    /** The directory served, under its own path ({@code all.export}): door paths are file system paths. */
    public Path dataRoot() {
        return dataRoot;
    }

    public Credential hostCredential() {
        return hostCredential;
    }

    public Path trustDir() {
        return trustDir;
    }

    /** DN (OpenSSL slash form) to account: the door's grid-mapfile for GSI ({@code root://}) and XrdHttp. */
    public Map<String, String> gridMap() {
        return gridMap;
    }

    /** The base64 secret file ({@code macaroons.secretkey}) as given, or where the made one is written. */
    public Path macaroonSecret() {
        return macaroonSecret != null ? macaroonSecret : workDir.resolve("macaroon-secret");
    }

    /** Whether the secret was given (and must not be made). */
    public boolean macaroonSecretGiven() {
        return macaroonSecret != null;
    }

    /** {@code all.sitename}: the location every macaroon the door accepts names. */
    public String siteName() {
        return siteName;
    }

    /** The account the door runs as when started by root. */
    public String account() {
        return account;
    }

    public Path executable() {
        return executable;
    }

    public Duration startTimeout() {
        return startTimeout;
    }

    public boolean httpTpc() {
        return httpTpc;
    }

    /** Further configuration lines, appended as given (e.g. {@code macaroons.trace all}). */
    public List<String> extraDirectives() {
        return extraDirectives;
    }

    /** Validating builder. */
    public static final class Builder {
        private Path workDir;
        private Path dataRoot;
        private Credential hostCredential;
        private Path trustDir;
        private final Map<String, String> gridMap = new LinkedHashMap<>();
        private Path macaroonSecret;
        private String siteName = DEFAULT_SITE_NAME;
        private String account = DEFAULT_ACCOUNT;
        private Path executable = DEFAULT_EXECUTABLE;
        private Duration startTimeout = DEFAULT_START_TIMEOUT;
        private boolean httpTpc = true;
        private final List<String> extraDirectives = new ArrayList<>();

        private Builder() {
        }

        public Builder workDir(Path dir) {
            workDir = Objects.requireNonNull(dir, "workDir").toAbsolutePath();
            return this;
        }

        public Builder dataRoot(Path dir) {
            dataRoot = Objects.requireNonNull(dir, "dataRoot").toAbsolutePath();
            return this;
        }

        public Builder hostCredential(Credential credential) {
            hostCredential = Objects.requireNonNull(credential, "hostCredential");
            return this;
        }

        public Builder trustDir(Path dir) {
            trustDir = Objects.requireNonNull(dir, "trustDir").toAbsolutePath();
            return this;
        }

        /** Maps a DN in OpenSSL slash form to the account name the door gives the session. */
        public Builder map(String dn, String accountName) {
            gridMap.put(Objects.requireNonNull(dn, "dn"), Objects.requireNonNull(accountName, "account"));
            return this;
        }

        /** An existing base64 secret file, shared with the server that mints the TURLs' macaroons. */
        public Builder macaroonSecret(Path file) {
            macaroonSecret = Objects.requireNonNull(file, "macaroonSecret").toAbsolutePath();
            return this;
        }

        public Builder siteName(String name) {
            if (name == null || !name.matches("[A-Za-z0-9_.-]+")) {
                throw new IllegalArgumentException("site name must be letters, digits, '_', '.', '-': " + name);
            }
            siteName = name;
            return this;
        }

        public Builder account(String name) {
            account = Objects.requireNonNull(name, "account");
            return this;
        }

        public Builder executable(Path path) {
            executable = Objects.requireNonNull(path, "executable");
            return this;
        }

        public Builder startTimeout(Duration timeout) {
            startTimeout = Objects.requireNonNull(timeout, "startTimeout");
            return this;
        }

        public Builder httpTpc(boolean load) {
            httpTpc = load;
            return this;
        }

        public Builder directive(String line) {
            if (line.contains("\n")) {
                throw new IllegalArgumentException("one line per directive");
            }
            extraDirectives.add(line);
            return this;
        }

        public XrootdServerConfig build() {
            return new XrootdServerConfig(this);
        }
    }
}
