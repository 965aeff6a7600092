package org.opensrm.server.config;

import org.opensrm.core.service.StaticSpaceToken;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.opensrm.authz.token.KeyFetching;
import org.opensrm.authz.token.TokenConfig;
import org.opensrm.authz.token.TokenIssuer;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.LoadProbeConfig;

/**
 * The whole server configuration, parsed and validated. Built only through {@link #from(RawConfig)}, which
 * names the offending key in every error.
 */
public record ServerConfig(
        String host, int port, List<String> surlHosts,
        Path hostCert, Path hostKey, Path caDir, Duration credentialsRefresh,
        Path gridmap, Optional<Path> banList, Duration authzRefresh, Authz authz,
        byte[] tokenKey, String mode, Path stateDir, Duration putLifetime, Duration putIdle,
        Duration getLifetime,
        String backend, Path backendRoot, int directoryMode,
        List<GridFtpNode> gridftpNodes, String gridftpSelector, String gridftpPathPrefix,
        Duration gridftpProbeInterval, Duration gridftpProbeTimeout, LoadProbeConfig gridftpLoadProbe,
        int lsMaxEntries, List<StaticSpaceToken> spaceTokens,
        int threadsMin, int threadsMax, int acceptQueue, Duration idleTimeout, int maxConnections,
        int maxConnectionsPerAddress, Duration handshakeTimeout, int acceptors, int selectors, Limits limits, String metricsHost, int metricsPort, HdfsSettings hdfs,
        FullModeSettings full, SpaceSettings space, CopySettings copy, Optional<String> fileAccessPrefix,
        MacaroonSettings macaroons) {
    public static final String GATEWAY = "gateway";
    public static final String FULL = "full";

    /** The HDFS backend's settings ({@code backend.hdfs.*}); only read with {@code backend=hdfs}. */
    public record HdfsSettings(String uri, List<Path> configFiles, String kerberosPrincipal, String kerberosKeytab,
                               String serviceUser, boolean listChecksums, java.util.Map<String, String> properties) {
    }

    /**
     * The authorization chain ({@code srm.authz.*}, {@code srm.vomsdir}): which mappers are asked, in order, and
     * what each reads. A mapper's own keys are required only when it is in {@code mappers}.
     */
    public record Authz(List<String> mappers, Optional<Path> vomsDir, Optional<Path> vomsRoleMap,
                        Optional<Path> gridmapdir, Gums gums, Optional<TokenConfig> tokens) {
        /** Every mapper name {@code srm.authz.mappers} accepts. */
        public static final List<String> MAPPERS = List.of("gridmap", "vomsmap", "gums", "token");
    }

    /** The GUMS call-out ({@code srm.authz.gums.*}); {@code url} is empty unless {@code gums} is a mapper. */
    public record Gums(String url, Duration timeout, Duration cacheTtl, Duration negativeCacheTtl, int cacheSize) {
    }

    /**
     * How much work the server takes on at once and in one request; see {@code srm.requests.*} and
     * {@code srm.request.*}.
     *
     * @param maxRequestItems the most array items (SURLs, file requests) in one request
     * @param memory          bytes that calls in progress may hold together (estimated; docs/security.md)
     */
    public record Limits(int active, int queue, Duration queueWait, int lsActive, int maxRequestBytes,
                         int maxRequestItems, long memory) {
    }

    /** {@code srm.requests.memory.max}: empty = a quarter of the JVM's largest heap. */
    private static long requestMemory(RawConfig c) throws ConfigException {
        String key = "srm.requests.memory.max";
        return c.get(key).isBlank() ? Math.max(1, Runtime.getRuntime().maxMemory() / 4)
                : c.getLong(key, 1024 * 1024);
    }

    /**
     * Reads and checks the whole configuration.
     *
     * @throws ConfigException naming every problem found (unknown keys, bad values, keys that do not go
     *                         together), one per line, not only the first
     */
    public static ServerConfig from(RawConfig raw) throws ConfigException {
        RawConfig c = raw.collecting();
        ServerConfig config = null;
        try {
            config = read(c);
        } catch (ConfigException e) {
            c.invalid(e); // a problem that stopped the reading: reported with those found before it
        } catch (IllegalArgumentException e) {
            if (!c.hasProblems()) {
                throw e;
            } // else a builder refused a stand-in for a value already reported
        }
        c.failOnProblems();
        return config;
    }

    private static ServerConfig read(RawConfig c) throws ConfigException {
        String tokenKey = c.require("srm.token.key");
        if (!c.hasProblem("srm.token.key") && tokenKey.length() < 16) {
            c.invalid("srm.token.key", "configuration key 'srm.token.key' must be at least 16 characters long");
        }
        int threadsMin = c.getInt("jetty.threads.min", 1, 10_000);
        int threadsMax = c.getInt("jetty.threads.max", 2, 10_000);
        if (threadsMax < threadsMin && !c.hasProblem("jetty.threads.min")) {
            c.invalid("jetty.threads.max", "configuration key 'jetty.threads.max' (" + threadsMax
                    + ") must not be below jetty.threads.min (" + threadsMin + ")");
        }
        Path root = c.getPath("backend.root");
        if (!root.isAbsolute() && !c.hasProblem("backend.root")) {
            c.invalid("backend.root", "configuration key 'backend.root' must be an absolute path, got '" + root + "'");
        }
        String prefix = c.isSet("gridftp.path.prefix") ? c.get("gridftp.path.prefix") : root.toString();
        return new ServerConfig(
                c.require("srm.host"), c.getInt("srm.port", 0, 65535), c.getList("srm.surl.hosts"),
                c.getPath("srm.hostcert"), c.getPath("srm.hostkey"), c.getPath("srm.cadir"),
                c.getDuration("srm.credentials.refresh"),
                c.getPath("srm.gridmap"),
                c.isSet("srm.banlist") ? Optional.of(c.getPath("srm.banlist")) : Optional.empty(),
                c.getDuration("srm.authz.refresh"), authz(c),
                tokenKey.getBytes(StandardCharsets.UTF_8), mode(c), c.getPath("srm.state.dir"),
                c.getDuration("srm.put.lifetime"), putIdle(c), c.getDuration("srm.get.lifetime"),
                c.oneOf("backend", "posix", "hdfs"), root, octal(c, "backend.posix.dir.mode"),
                nodes(c), c.oneOf("gridftp.selector", "random", "roundrobin", "loadprobe"), trimSlash(prefix),
                c.getDuration("gridftp.probe.interval"), c.getDuration("gridftp.probe.timeout"),
                LoadProbeSettings.from(c),
                c.getInt("ls.max.entries", 1, 1_000_000), spaceTokens(c),
                threadsMin, threadsMax, c.getInt("jetty.accept.queue", 1, 1_000_000),
                c.getDuration("jetty.idle.timeout"), c.getInt("jetty.max.connections", 1, 10_000_000),
                c.getInt("jetty.max.connections.per.address", 1, 10_000_000), handshakeTimeout(c),
                c.getInt("jetty.acceptors", 1, 64), selectors(c),
                new Limits(c.getInt("srm.requests.active.max", 1, 100_000), c.getInt("srm.requests.queue.max", 0, 10_000_000),
                        c.getDuration("srm.requests.queue.wait"), c.getInt("srm.ls.active.max", 1, 100_000),
                        c.getInt("srm.request.max.bytes", 1024, 1 << 30), c.getInt("srm.request.max.items", 1, 10_000_000),
                        requestMemory(c)),
                c.require("metrics.host"), c.isSet("metrics.port") ? c.getInt("metrics.port", 0, 65535) : -1,
                hdfs(c), FullModeSettings.from(c, mode(c).equals(FULL)),
                SpaceSettings.from(c, c.getList("space.tokens")), CopySettings.from(c), fileAccess(c, root),
                MacaroonSettings.from(c));
    }

    /** {@code srm.put.idle}: positive. */
    private static Duration putIdle(RawConfig c) throws ConfigException {
        Duration d = c.getDuration("srm.put.idle");
        if (d.isZero() && !c.hasProblem("srm.put.idle")) {
            c.invalid("srm.put.idle", "configuration key 'srm.put.idle' must be longer than 0, got '"
                    + c.get("srm.put.idle") + "'");
            return Duration.ofMinutes(2);
        }
        return d;
    }

    /** {@code srm.mode}: gateway (synchronous, stateless) or full (queued requests kept in a store). */
    private static String mode(RawConfig c) throws ConfigException {
        return c.oneOf("srm.mode", GATEWAY, FULL);
    }

    /** Whether this server keeps request state ({@code srm.mode=full}). */
    public boolean fullMode() {
        return mode.equals(FULL);
    }

    /** {@code jetty.handshake.timeout}: at least 100 ms (a real handshake needs a few round trips). */
    private static Duration handshakeTimeout(RawConfig c) throws ConfigException {
        Duration d = c.getDuration("jetty.handshake.timeout");
        if (d.toMillis() < 100) {
            c.invalid("jetty.handshake.timeout", "configuration key 'jetty.handshake.timeout' must be at least 100ms,"
                    + " got '" + c.get("jetty.handshake.timeout") + "'");
        }
        return d;
    }

    private static Authz authz(RawConfig c) throws ConfigException {
        List<String> mappers = c.getList("srm.authz.mappers");
        if (mappers.isEmpty() || !Authz.MAPPERS.containsAll(mappers) || mappers.stream().distinct().count()
                != mappers.size()) {
            c.invalid("srm.authz.mappers", "configuration key 'srm.authz.mappers' must list one or more of "
                    + Authz.MAPPERS + " once each, got '" + c.get("srm.authz.mappers") + "'");
        }
        Optional<Path> roleMap = optionalPath(c, "srm.authz.vomsmap");
        if (mappers.contains("vomsmap") && roleMap.isEmpty()) {
            c.require("srm.authz.vomsmap");
        }
        String url = mappers.contains("gums") ? c.require("srm.authz.gums.url") : c.get("srm.authz.gums.url");
        if (!url.isEmpty() && !url.startsWith("https://")) {
            c.invalid("srm.authz.gums.url", "configuration key 'srm.authz.gums.url' must be an https:// URL, got '"
                    + url + "'");
        }
        Gums gums = new Gums(url, c.getDuration("srm.authz.gums.timeout"), c.getDuration("srm.authz.gums.cache.ttl"),
                c.getDuration("srm.authz.gums.cache.negative.ttl"),
                c.getInt("srm.authz.gums.cache.size", 1, 10_000_000));
        return new Authz(List.copyOf(mappers), optionalPath(c, "srm.vomsdir"), roleMap,
                optionalPath(c, "srm.authz.gridmapdir"), gums, tokens(c, mappers.contains("token")));
    }

    /** {@code srm.authz.tokens.*}: issuers go with the {@code token} mapper, and the mapper with issuers. */
    private static Optional<TokenConfig> tokens(RawConfig c, boolean mapper) throws ConfigException {
        List<String> names = c.getList("srm.authz.tokens.issuers");
        if (names.isEmpty() != !mapper) {
            c.invalid("srm.authz.tokens.issuers", mapper ? "the token mapper needs 'srm.authz.tokens.issuers'"
                    : "'srm.authz.tokens.issuers' is set but token is not in 'srm.authz.mappers'");
        }
        if (!mapper || names.isEmpty()) {
            return Optional.empty();
        }
        List<TokenIssuer> issuers = new java.util.ArrayList<>();
        for (String name : names) {
            String key = "srm.authz.tokens.issuer." + name + ".";
            String base = c.isSet(key + "base") ? c.get(key + "base") : "/";
            Optional<String> account = c.isSet(key + "account") ? Optional.of(c.get(key + "account"))
                    : Optional.empty();
            try {
                String iss = c.require(key + "iss");
                issuers.add(c.isSet(key + "jwks") ? TokenIssuer.of(name, iss, c.getPath(key + "jwks"), base, account)
                        : TokenIssuer.byUrl(name, iss, base, account));
            } catch (IllegalArgumentException e) {
                c.invalid(key + "iss", "token issuer " + name + ": " + e.getMessage());
            }
        }
        try {
            return Optional.of(new TokenConfig(issuers, c.getList("srm.authz.tokens.audiences"),
                    optionalPath(c, "srm.authz.tokens.groupmap"), c.getDuration("srm.authz.tokens.clock.skew"),
                    c.getInt("srm.authz.tokens.max.bytes", 512, TokenConfig.MAX_TOKEN_BYTES_LIMIT), c.getDuration("srm.authz.refresh"),
                    keyFetching(c)));
        } catch (IllegalArgumentException e) {
            if (!issuers.isEmpty() || names.isEmpty()) {
                c.invalid("srm.authz.tokens", "srm.authz.tokens: " + e.getMessage());
            }
            return Optional.empty();
        }
    }

    /** {@code srm.authz.tokens.fetch.*}: how the keys of issuers without a JWKS file are fetched (issue 22, 13). */
    private static KeyFetching keyFetching(RawConfig c) throws ConfigException {
        List<String> trust = c.getList("srm.authz.tokens.fetch.trust");
        if (trust.isEmpty() || !List.of("system", "cadir").containsAll(trust)) {
            c.invalid("srm.authz.tokens.fetch.trust", "configuration key 'srm.authz.tokens.fetch.trust' must be system, cadir or"
                    + " system,cadir, got '" + c.get("srm.authz.tokens.fetch.trust") + "'");
        }
        return new KeyFetching(trust.contains("system"),
                trust.contains("cadir") ? Optional.of(c.getPath("srm.cadir")) : Optional.empty(),
                c.getDuration("srm.authz.tokens.fetch.refresh"), c.getDuration("srm.authz.tokens.fetch.unknown.kid.gap"),
                c.getDuration("srm.authz.tokens.fetch.timeout"));
    }

    private static Optional<Path> optionalPath(RawConfig c, String key) throws ConfigException {
        return c.isSet(key) ? Optional.of(c.getPath(key)) : Optional.empty();
    }

    /** {@code jetty.selectors}: empty = Jetty's choice (-1), else 1..256. */
    private static int selectors(RawConfig c) throws ConfigException {
        return c.get("jetty.selectors").isBlank() ? -1 : c.getInt("jetty.selectors", 1, 256);
    }

    private static HdfsSettings hdfs(RawConfig c) throws ConfigException {
        boolean on = "hdfs".equals(c.get("backend"));
        java.util.Map<String, String> props = new java.util.TreeMap<>();
        String prefix = "backend.hdfs.property.";
        for (String key : c.keys()) {
            if (key.startsWith(prefix) && key.length() > prefix.length()) {
                props.put(key.substring(prefix.length()), c.get(key));
            }
        }
        String uri = on ? c.require("backend.hdfs.uri") : c.get("backend.hdfs.uri");
        if (on && !uri.startsWith("hdfs://") && !c.hasProblem("backend.hdfs.uri")) {
            c.invalid("backend.hdfs.uri", "configuration key 'backend.hdfs.uri' must be an hdfs:// URI, got '" + uri
                    + "'");
        }
        boolean principal = c.isSet("backend.hdfs.kerberos.principal");
        if (principal != c.isSet("backend.hdfs.kerberos.keytab")) {
            c.invalid("backend.hdfs.kerberos.principal", "configuration keys 'backend.hdfs.kerberos.principal' and "
                    + "'backend.hdfs.kerberos.keytab' go together");
        }
        String checksums = c.oneOf("backend.hdfs.list.checksums", "true", "false");
        return new HdfsSettings(uri, c.getList("backend.hdfs.config.files").stream().map(Path::of).toList(),
                c.get("backend.hdfs.kerberos.principal"), c.get("backend.hdfs.kerberos.keytab"),
                c.get("backend.hdfs.service.user"), Boolean.parseBoolean(checksums), java.util.Map.copyOf(props));
    }

    private static String trimSlash(String p) {
        return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
    }

    private static int octal(RawConfig c, String key) throws ConfigException {
        String v = c.require(key);
        try {
            int m = Integer.parseInt(v, 8);
            if (m < 0 || m > 0777) {
                throw new NumberFormatException();
            }
            return m;
        } catch (NumberFormatException e) {
            c.invalid(key, "configuration key '" + key + "' must be octal permission bits like 0775, got '" + v + "'");
            return 0775;
        }
    }

    /** Every door: those of {@code gridftp.nodes} (GridFTP's, as before there were other kinds), then {@code doors}. */
    private static List<GridFtpNode> nodes(RawConfig c) throws ConfigException {
        List<GridFtpNode> out = new ArrayList<>();
        for (String key : List.of("gridftp.nodes", "doors")) {
            for (String n : c.getList(key)) {
                try {
                    GridFtpNode door = GridFtpNode.parse(n);
                    if (key.equals("gridftp.nodes") && !door.kind().equals(GridFtpNode.GSIFTP)) {
                        throw new IllegalArgumentException("not a gsiftp:// door: " + n + " (list other kinds in doors)");
                    }
                    out.add(door);
                } catch (IllegalArgumentException e) {
                    c.invalid(key + " " + n, "configuration key '" + key + "': " + e.getMessage());
                }
            }
        }
        return List.copyOf(out);
    }

    /** {@code file.access} and {@code file.prefix}: the prefix of file:// TURLs, or empty when they are not offered. */
    private static Optional<String> fileAccess(RawConfig c, Path root) throws ConfigException {
        if (!Boolean.parseBoolean(c.oneOf("file.access", "true", "false"))) {
            return Optional.empty();
        }
        if (!c.get("backend").trim().equals("posix")) {
            c.invalid("file.access", "configuration key 'file.access' needs backend=posix (worker nodes mount its"
                    + " file system)");
        }
        String prefix = c.isSet("file.prefix") ? c.get("file.prefix").trim() : root.toString();
        if (!prefix.startsWith("/")) {
            c.invalid("file.prefix", "configuration key 'file.prefix' must be an absolute path, got '" + prefix + "'");
        }
        return Optional.of(trimSlash(prefix));
    }

    private static List<StaticSpaceToken> spaceTokens(RawConfig c) throws ConfigException {
        for (String key : c.keys()) {
            if (key.startsWith("space.token.") && !key.matches("space\\.token\\..+\\.(path|description|size|group)")) {
                c.invalid(key, "unknown configuration key '" + key
                        + "' (space token keys are space.token.NAME.path, .description, .size and .group)");
            }
        }
        List<StaticSpaceToken> out = new ArrayList<>();
        for (String name : c.getList("space.tokens")) {
            String base = "space.token." + name + ".";
            try {
                SrmPath path = SrmPath.of(c.require(base + "path"));
                String desc = c.isSet(base + "description") ? c.get(base + "description") : name;
                long size = c.isSet(base + "size") ? c.getLong(base + "size", 0) : 0;
                out.add(new StaticSpaceToken(name, path, desc, size));
            } catch (SrmException e) {
                c.invalid(base + "path", "configuration key '" + base + "path': " + e.getMessage());
            }
        }
        return List.copyOf(out);
    }

    public Optional<StaticSpaceToken> spaceToken(String name) {
        return spaceTokens.stream().filter(t -> t.name().equals(name)).findFirst();
    }
}
