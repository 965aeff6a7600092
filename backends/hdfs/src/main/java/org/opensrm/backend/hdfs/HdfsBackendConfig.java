package org.opensrm.backend.hdfs;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How to reach the HDFS that holds a storage element: immutable, made with {@link #builder()} (which validates)
 * or {@link #fromProperties(Map)} (the server's {@code backend.*} keys).
 *
 * <p>Defaults: no Hadoop configuration files (the client's built-in defaults plus what is on the classpath), no
 * Kerberos (simple authentication as the process's user or {@link Builder#serviceUser}), checksums kept in the
 * extended attribute {@value #DEFAULT_CHECKSUM_XATTR}, listings report stored checksums, new directories get
 * the account's primary group, checksums streamed with a {@value #DEFAULT_CHECKSUM_BUFFER} byte buffer.
 */
public final class HdfsBackendConfig {
    public static final String DEFAULT_CHECKSUM_XATTR = "user.opensrm.adler32";
    public static final int DEFAULT_CHECKSUM_BUFFER = 1 << 20;

    /** Property keys understood by {@link #fromProperties(Map)}. */
    public static final String KEY_URI = "backend.hdfs.uri";
    public static final String KEY_ROOT = "backend.root";
    public static final String KEY_CONFIG_FILES = "backend.hdfs.config-files";
    public static final String KEY_PRINCIPAL = "backend.hdfs.kerberos.principal";
    public static final String KEY_KEYTAB = "backend.hdfs.kerberos.keytab";
    public static final String KEY_SERVICE_USER = "backend.hdfs.service-user";
    public static final String KEY_CHECKSUM_XATTR = "backend.hdfs.checksum-xattr";
    public static final String KEY_LIST_CHECKSUMS = "backend.hdfs.list-checksums";
    public static final String KEY_PRIMARY_GROUP = "backend.hdfs.primary-group";
    public static final String KEY_PROPERTY_PREFIX = "backend.hdfs.property.";

    private final URI uri;
    private final String root;
    private final List<Path> configFiles;
    private final Map<String, String> hadoopProperties;
    private final Optional<String> kerberosPrincipal;
    private final Optional<Path> keytab;
    private final Optional<String> serviceUser;
    private final String checksumXattr;
    private final boolean listChecksums;
    private final boolean primaryGroupForNewDirectories;
    private final int checksumBufferBytes;

    private HdfsBackendConfig(Builder b) {
        this.uri = b.uri;
        this.root = b.root;
        this.configFiles = List.copyOf(b.configFiles);
        this.hadoopProperties = Map.copyOf(b.hadoopProperties);
        this.kerberosPrincipal = Optional.ofNullable(b.kerberosPrincipal);
        this.keytab = Optional.ofNullable(b.keytab);
        this.serviceUser = Optional.ofNullable(b.serviceUser);
        this.checksumXattr = b.checksumXattr;
        this.listChecksums = b.listChecksums;
        this.primaryGroupForNewDirectories = b.primaryGroup;
        this.checksumBufferBytes = b.checksumBufferBytes;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads the {@code backend.*} keys: {@value #KEY_URI} and {@value #KEY_ROOT} (required),
     * {@value #KEY_CONFIG_FILES} (comma-separated paths), {@value #KEY_PRINCIPAL} with {@value #KEY_KEYTAB},
     * {@value #KEY_SERVICE_USER}, {@value #KEY_CHECKSUM_XATTR}, {@value #KEY_LIST_CHECKSUMS},
     * {@value #KEY_PRIMARY_GROUP}, and any {@value #KEY_PROPERTY_PREFIX}{@code <hadoop key>}. Other keys are
     * ignored.
     *
     * @throws IllegalArgumentException naming the offending key
     */
    public static HdfsBackendConfig fromProperties(Map<String, String> props) {
        Builder b = builder();
        String uri = props.get(KEY_URI);
        if (uri == null || uri.isBlank()) {
            throw new IllegalArgumentException(KEY_URI + " is required");
        }
        try {
            b.uri(URI.create(uri.trim()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(KEY_URI + ": " + e.getMessage(), e);
        }
        b.root(Objects.requireNonNullElse(props.get(KEY_ROOT), ""));
        String files = props.getOrDefault(KEY_CONFIG_FILES, "");
        for (String f : files.split(",")) {
            if (!f.isBlank()) {
                b.configFile(Path.of(f.trim()));
            }
        }
        if (props.containsKey(KEY_PRINCIPAL) || props.containsKey(KEY_KEYTAB)) {
            String keytab = props.get(KEY_KEYTAB);
            b.kerberos(props.get(KEY_PRINCIPAL), keytab == null ? null : Path.of(keytab.trim()));
        }
        Optional.ofNullable(props.get(KEY_SERVICE_USER)).map(String::trim).ifPresent(b::serviceUser);
        Optional.ofNullable(props.get(KEY_CHECKSUM_XATTR)).map(String::trim).ifPresent(b::checksumXattr);
        Optional.ofNullable(props.get(KEY_LIST_CHECKSUMS)).map(v -> bool(KEY_LIST_CHECKSUMS, v))
                .ifPresent(b::listChecksums);
        Optional.ofNullable(props.get(KEY_PRIMARY_GROUP)).map(v -> bool(KEY_PRIMARY_GROUP, v))
                .ifPresent(b::primaryGroupForNewDirectories);
        props.forEach((k, v) -> {
            if (k.startsWith(KEY_PROPERTY_PREFIX)) {
                b.hadoopProperty(k.substring(KEY_PROPERTY_PREFIX.length()), v);
            }
        });
        return b.build();
    }

    private static boolean bool(String key, String value) {
        return switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "yes", "on" -> true;
            case "false", "no", "off" -> false;
            default -> throw new IllegalArgumentException(key + " must be true or false, not " + value);
        };
    }

    /** The NameNode (or HA nameservice), {@code hdfs://host:port} or {@code hdfs://nameservice}. */
    public URI uri() {
        return uri;
    }

    /** The HDFS directory that is the namespace's {@code /}; absolute, without a trailing slash (unless "/"). */
    public String root() {
        return root;
    }

    /** {@code core-site.xml}, {@code hdfs-site.xml}, ... added in this order. */
    public List<Path> configFiles() {
        return configFiles;
    }

    /** Hadoop properties set after the configuration files (they win). */
    public Map<String, String> hadoopProperties() {
        return hadoopProperties;
    }

    public Optional<String> kerberosPrincipal() {
        return kerberosPrincipal;
    }

    public Optional<Path> keytab() {
        return keytab;
    }

    /** Simple authentication only: the identity the service acts as (default: the process's user). */
    public Optional<String> serviceUser() {
        return serviceUser;
    }

    /** Name of the extended attribute holding the stored adler32 ({@code user.} or {@code trusted.}). */
    public String checksumXattr() {
        return checksumXattr;
    }

    /** Whether listings report stored checksums (one extra NameNode call per file listed). */
    public boolean listChecksums() {
        return listChecksums;
    }

    /** Whether new directories get the account's primary group (POSIX) instead of the parent's group (HDFS). */
    public boolean primaryGroupForNewDirectories() {
        return primaryGroupForNewDirectories;
    }

    public int checksumBufferBytes() {
        return checksumBufferBytes;
    }

    public boolean kerberos() {
        return kerberosPrincipal.isPresent();
    }

    @Override
    public String toString() {
        return "HdfsBackendConfig[uri=" + uri + ", root=" + root + ", configFiles=" + configFiles
                + ", kerberosPrincipal=" + kerberosPrincipal.orElse("-") + ", serviceUser=" + serviceUser.orElse("-")
                + ", checksumXattr=" + checksumXattr + ", listChecksums=" + listChecksums + "]";
    }

    /** Validating builder; {@link #build()} throws {@link IllegalArgumentException} on any inconsistency. */
    public static final class Builder {
        private URI uri;
        private String root;
        private final List<Path> configFiles = new ArrayList<>();
        private final Map<String, String> hadoopProperties = new LinkedHashMap<>();
        private String kerberosPrincipal;
        private Path keytab;
        private String serviceUser;
        private String checksumXattr = DEFAULT_CHECKSUM_XATTR;
        private boolean listChecksums = true;
        private boolean primaryGroup = true;
        private int checksumBufferBytes = DEFAULT_CHECKSUM_BUFFER;

        private Builder() {
        }

        public Builder uri(URI uri) {
            this.uri = Objects.requireNonNull(uri, "uri");
            return this;
        }

        public Builder root(String root) {
            this.root = Objects.requireNonNull(root, "root");
            return this;
        }

        public Builder configFile(Path file) {
            configFiles.add(Objects.requireNonNull(file, "file"));
            return this;
        }

        public Builder hadoopProperty(String key, String value) {
            hadoopProperties.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
            return this;
        }

        public Builder kerberos(String principal, Path keytab) {
            this.kerberosPrincipal = principal;
            this.keytab = keytab;
            return this;
        }

        public Builder serviceUser(String user) {
            this.serviceUser = user;
            return this;
        }

        public Builder checksumXattr(String name) {
            this.checksumXattr = Objects.requireNonNull(name, "name");
            return this;
        }

        public Builder listChecksums(boolean on) {
            this.listChecksums = on;
            return this;
        }

        public Builder primaryGroupForNewDirectories(boolean on) {
            this.primaryGroup = on;
            return this;
        }

        public Builder checksumBufferBytes(int bytes) {
            this.checksumBufferBytes = bytes;
            return this;
        }

        public HdfsBackendConfig build() {
            if (uri == null) {
                throw new IllegalArgumentException("uri is required");
            }
            if (!"hdfs".equalsIgnoreCase(uri.getScheme()) || uri.getAuthority() == null) {
                throw new IllegalArgumentException("uri must be hdfs://namenode[:port] or hdfs://nameservice: " + uri);
            }
            root = normaliseRoot(root);
            for (Path f : configFiles) {
                if (!Files.isReadable(f)) {
                    throw new IllegalArgumentException("Hadoop configuration file not readable: " + f);
                }
            }
            if ((kerberosPrincipal == null) != (keytab == null)) {
                throw new IllegalArgumentException("a Kerberos principal needs a keytab and vice versa");
            }
            if (kerberosPrincipal != null) {
                if (kerberosPrincipal.isBlank()) {
                    throw new IllegalArgumentException("empty Kerberos principal");
                }
                if (!Files.isReadable(keytab)) {
                    throw new IllegalArgumentException("keytab not readable: " + keytab);
                }
                if (serviceUser != null) {
                    throw new IllegalArgumentException("serviceUser is for simple authentication; Kerberos "
                            + "acts as the principal");
                }
            }
            if (serviceUser != null && (serviceUser.isBlank() || serviceUser.contains("/"))) {
                throw new IllegalArgumentException("invalid service user: " + serviceUser);
            }
            if (!checksumXattr.matches("(user|trusted)\\.[^\\s/]+")) {
                throw new IllegalArgumentException("checksum xattr must be user.<name> or trusted.<name>: "
                        + checksumXattr);
            }
            if (checksumBufferBytes < 4096 || checksumBufferBytes > (64 << 20)) {
                throw new IllegalArgumentException("checksum buffer must be 4 KiB..64 MiB: " + checksumBufferBytes);
            }
            return new HdfsBackendConfig(this);
        }

        private static String normaliseRoot(String root) {
            if (root == null || !root.startsWith("/")) {
                throw new IllegalArgumentException("root must be an absolute HDFS path: " + root);
            }
            String r = root.replaceAll("/+", "/");
            if (r.length() > 1 && r.endsWith("/")) {
                r = r.substring(0, r.length() - 1);
            }
            for (String seg : r.split("/")) {
                if (seg.equals(".") || seg.equals("..") || seg.contains(":")) {
                    throw new IllegalArgumentException("root may not contain '.', '..' or ':': " + root);
                }
            }
            return r;
        }
    }
}
