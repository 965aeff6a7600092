package org.opensrm.server.config;

import org.opensrm.core.service.StaticSpaceToken;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opensrm.common.SrmPath;
import org.opensrm.gridftp.GridFtpNode;

class ServerConfigTest {
    private static final String KEY = "a-token-key-of-24-chars!";

    private static ServerConfig config(String... keyValues) throws Exception {
        Map<String, String> m = new HashMap<>();
        m.put("srm.token.key", KEY);
        for (int i = 0; i < keyValues.length; i += 2) {
            if (keyValues[i + 1] == null) {
                m.remove(keyValues[i]);
            } else {
                m.put(keyValues[i], keyValues[i + 1]);
            }
        }
        return ServerConfig.from(RawConfig.of(m));
    }

    private static ConfigException refused(String... keyValues) {
        return assertThrows(ConfigException.class, () -> config(keyValues));
    }

    private static void assertNames(ConfigException e, String key) {
        assertTrue(e.getMessage().contains(key), () -> "message should name " + key + ": " + e.getMessage());
    }

    @Test
    void defaultsWithOnlyATokenKeyGiveTheDocumentedValues() throws Exception {
        ServerConfig c = config();
        assertEquals(8443, c.port());
        assertEquals(Path.of("/srv/srm"), c.backendRoot());
        assertEquals(0775, c.directoryMode());
        assertEquals(List.of(), c.gridftpNodes());
        assertEquals(List.of(), c.spaceTokens());
        assertEquals(1000, c.lsMaxEntries());
        assertEquals(-1, c.metricsPort());
        assertEquals(Optional.empty(), c.banList());
        assertEquals(KEY, new String(c.tokenKey(), StandardCharsets.UTF_8));
    }

    @Test
    void requestLimitsDefaultToTenThousandItemsAndAQuarterOfTheHeapAndAreValidated() throws Exception {
        ServerConfig.Limits limits = config().limits();
        assertEquals(10_000, limits.maxRequestItems());
        assertEquals(Runtime.getRuntime().maxMemory() / 4, limits.memory());
        assertEquals(64L << 20, config("srm.requests.memory.max", Long.toString(64L << 20)).limits().memory());
        assertNames(refused("srm.request.max.items", "0"), "srm.request.max.items");
        assertNames(refused("srm.request.max.items", "many"), "srm.request.max.items");
        assertNames(refused("srm.requests.memory.max", "1000"), "srm.requests.memory.max");
        assertNames(refused("srm.requests.memory.max", "1g"), "srm.requests.memory.max");
    }

    @Test
    void missingTokenKeyIsRefusedNamingIt() {
        assertNames(refused("srm.token.key", null), "srm.token.key");
        assertNames(refused("srm.token.key", "   "), "srm.token.key");
    }

    @Test
    void tokenKeyShorterThan16CharactersIsRefused() throws Exception {
        assertNames(refused("srm.token.key", "0123456789abcde"), "srm.token.key");
        assertEquals(16, config("srm.token.key", "0123456789abcdef").tokenKey().length);
    }

    @Test
    void maxThreadsBelowMinThreadsIsRefusedNamingBoth() throws Exception {
        ConfigException e = refused("jetty.threads.min", "50", "jetty.threads.max", "20");
        assertNames(e, "jetty.threads.max");
        assertNames(e, "jetty.threads.min");
        ServerConfig equal = config("jetty.threads.min", "20", "jetty.threads.max", "20");
        assertEquals(20, equal.threadsMax());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0999", "1777", "-1", "rwx", ""})
    void badOctalDirectoryModeIsRefusedNamingTheKey(String mode) {
        assertNames(refused("backend.posix.dir.mode", mode), "backend.posix.dir.mode");
    }

    @Test
    void acceptorsAndSelectorsDefaultToOneAndJettysChoice() throws Exception {
        assertEquals(1, config().acceptors());
        assertEquals(-1, config().selectors());
        ServerConfig c = config("jetty.acceptors", "2", "jetty.selectors", "4");
        assertEquals(2, c.acceptors());
        assertEquals(4, c.selectors());
        assertNames(refused("jetty.selectors", "0"), "jetty.selectors");
        assertNames(refused("jetty.acceptors", "many"), "jetty.acceptors");
    }

    @Test
    void handshakeDeadlineAndPerAddressCapHaveDefaultsAndAreValidatedNamingTheKey() throws Exception {
        ServerConfig defaults = config();
        assertEquals(Duration.ofSeconds(10), defaults.handshakeTimeout());
        assertEquals(200, defaults.maxConnectionsPerAddress());
        ServerConfig set = config("jetty.handshake.timeout", "500ms", "jetty.max.connections.per.address", "7");
        assertEquals(Duration.ofMillis(500), set.handshakeTimeout());
        assertEquals(7, set.maxConnectionsPerAddress());
        assertNames(refused("jetty.handshake.timeout", "50ms"), "jetty.handshake.timeout");
        assertNames(refused("jetty.handshake.timeout", "soon"), "jetty.handshake.timeout");
        assertNames(refused("jetty.max.connections.per.address", "0"), "jetty.max.connections.per.address");
    }

    @Test
    void octalDirectoryModeIsReadAsOctal() throws Exception {
        assertEquals(0750, config("backend.posix.dir.mode", "0750").directoryMode());
        assertEquals(0700, config("backend.posix.dir.mode", "700").directoryMode());
    }

    @Test
    void valuesOutsideTheirChoicesAreRefusedNamingTheKey() {
        assertNames(refused("srm.mode", "async"), "srm.mode");
        assertNames(refused("backend", "hdfs3"), "backend");
        assertNames(refused("gridftp.selector", "fastest"), "gridftp.selector");
    }

    @Test
    void badNumbersAndDurationsAreRefusedNamingTheKey() {
        assertNames(refused("srm.port", "http"), "srm.port");
        assertNames(refused("ls.max.entries", "0"), "ls.max.entries");
        assertNames(refused("jetty.idle.timeout", "forever"), "jetty.idle.timeout");
        assertNames(refused("metrics.port", "99999"), "metrics.port");
    }

    @Test
    void spaceTokensAreParsedWithTheirPathDescriptionAndSize() throws Exception {
        ServerConfig c = config("space.tokens", "DATADISK, SCRATCH",
                "space.token.DATADISK.path", "/data/disk",
                "space.token.DATADISK.description", "disk area for production data",
                "space.token.DATADISK.size", "1000000000000",
                "space.token.SCRATCH.path", "/scratch/");
        assertEquals(List.of(
                new StaticSpaceToken("DATADISK", SrmPath.of("/data/disk"), "disk area for production data", 1_000_000_000_000L),
                new StaticSpaceToken("SCRATCH", SrmPath.of("/scratch"), "SCRATCH", 0)), c.spaceTokens());
        assertEquals("SCRATCH", c.spaceToken("SCRATCH").orElseThrow().name());
        assertEquals(Optional.empty(), c.spaceToken("NOPE"));
    }

    @Test
    void spaceTokenWithoutAPathIsRefusedNamingTheMissingKey() {
        assertNames(refused("space.tokens", "DATADISK"), "space.token.DATADISK.path");
    }

    @Test
    void spaceTokenWithAnEscapingOrRelativePathIsRefusedNamingTheKey() {
        assertNames(refused("space.tokens", "D", "space.token.D.path", "/data/../etc"), "space.token.D.path");
        assertNames(refused("space.tokens", "D", "space.token.D.path", "data"), "space.token.D.path");
    }

    @Test
    void spaceTokenWithANegativeSizeIsRefusedNamingTheKey() {
        assertNames(refused("space.tokens", "D", "space.token.D.path", "/d", "space.token.D.size", "-1"),
                "space.token.D.size");
    }

    @Test
    void misspeltSpaceTokenAttributeIsRefusedNamingIt() {
        assertNames(refused("space.tokens", "D", "space.token.D.path", "/d", "space.token.D.sise", "100"),
                "space.token.D.sise");
    }

    @Test
    void gridftpNodesAreParsedWithTheDefaultPort() throws Exception {
        ServerConfig c = config("gridftp.nodes", "gsiftp://door1.example.org:2812, gsiftp://door2.example.org");
        assertEquals(List.of(new GridFtpNode("door1.example.org", 2812), new GridFtpNode("door2.example.org", 2811)),
                c.gridftpNodes());
    }

    @Test
    void gridftpNodeThatIsNotGsiftpIsRefusedNamingTheKey() {
        assertNames(refused("gridftp.nodes", "gsiftp://ok.example.org,http://web.example.org"), "gridftp.nodes");
    }

    @Test
    void gridftpPathPrefixDefaultsToTheBackendRoot() throws Exception {
        assertEquals("/srv/data", config("backend.root", "/srv/data").gridftpPathPrefix());
        assertEquals("/srv/data", config("backend.root", "/srv/data/").gridftpPathPrefix());
        assertEquals("/srv/srm", config().gridftpPathPrefix());
    }

    @Test
    void relativeBackendRootIsRefusedNamingTheKey() {
        assertNames(refused("backend.root", "srv/srm"), "backend.root");
    }

    @Test
    void gridftpPathPrefixWhenSetIsUsedWithoutItsTrailingSlash() throws Exception {
        assertEquals("/export/grid",
                config("backend.root", "/srv/data", "gridftp.path.prefix", "/export/grid/").gridftpPathPrefix());
        assertEquals("/", config("gridftp.path.prefix", "/").gridftpPathPrefix());
    }

    @Test
    void theAuthorizationChainDefaultsToTheGridMapfileAlone() throws Exception {
        ServerConfig.Authz authz = config().authz();
        assertEquals(List.of("gridmap"), authz.mappers());
        assertEquals(Optional.empty(), authz.vomsDir());
        assertEquals(java.time.Duration.ofSeconds(5), authz.gums().timeout());
        assertEquals(java.time.Duration.ofMinutes(10), authz.gums().cacheTtl());
        assertEquals(java.time.Duration.ofMinutes(1), authz.gums().negativeCacheTtl());
        assertEquals(10_000, authz.gums().cacheSize());
    }

    @Test
    void mappersAreCheckedAndEachNeedsItsOwnKeys() throws Exception {
        assertNames(refused("srm.authz.mappers", "gridmap,ldap"), "srm.authz.mappers");
        assertNames(refused("srm.authz.mappers", "gridmap,gridmap"), "srm.authz.mappers");
        assertNames(refused("srm.authz.mappers", " "), "srm.authz.mappers");
        assertNames(refused("srm.authz.mappers", "vomsmap"), "srm.authz.vomsmap");
        assertNames(refused("srm.authz.mappers", "gums"), "srm.authz.gums.url");
        assertNames(refused("srm.authz.mappers", "gums", "srm.authz.gums.url", "http://gums:8080/x"),
                "srm.authz.gums.url");
        assertNames(refused("srm.authz.gums.cache.size", "0"), "srm.authz.gums.cache.size");
        ServerConfig c = config("srm.authz.mappers", "vomsmap,gums,gridmap", "srm.authz.vomsmap", "/etc/rolemap",
                "srm.authz.gums.url", "https://gums:8443/gums", "srm.vomsdir", "/etc/grid-security/vomsdir");
        assertEquals(List.of("vomsmap", "gums", "gridmap"), c.authz().mappers());
        assertEquals(Optional.of(Path.of("/etc/rolemap")), c.authz().vomsRoleMap());
        assertEquals(Optional.of(Path.of("/etc/grid-security/vomsdir")), c.authz().vomsDir());
    }

    @Test
    void tokenIssuersGoWithTheTokenMapperAndEachNeedsItsKeys() throws Exception {
        assertEquals(Optional.empty(), config().authz().tokens());
        assertNames(refused("srm.authz.mappers", "gridmap,token"), "srm.authz.tokens.issuers");
        assertNames(refused("srm.authz.tokens.issuers", "cms"), "srm.authz.tokens.issuers");
        assertNames(refused("srm.authz.mappers", "gridmap,token", "srm.authz.tokens.issuers", "cms",
                "srm.authz.tokens.audiences", "https://se"), "srm.authz.tokens.issuer.cms.iss");
        assertNames(refused("srm.authz.mappers", "token", "srm.authz.tokens.issuers", "cms",
                "srm.authz.tokens.issuer.cms.iss", "http://cms", "srm.authz.tokens.issuer.cms.jwks", "/k",
                "srm.authz.tokens.audiences", "https://se"), "https://");
        assertNames(refused("srm.authz.mappers", "token", "srm.authz.tokens.issuers", "cms",
                "srm.authz.tokens.issuer.cms.iss", "https://cms", "srm.authz.tokens.issuer.cms.jwks", "/k"),
                "audience");
        ServerConfig c = config("srm.authz.mappers", "gridmap,token", "srm.authz.tokens.issuers", "cms",
                "srm.authz.tokens.issuer.cms.iss", "https://cms-auth.example/", "srm.authz.tokens.issuer.cms.jwks",
                "/etc/jwks/cms.json", "srm.authz.tokens.issuer.cms.base", "/store/cms",
                "srm.authz.tokens.audiences", "https://se.example,https://se2.example");
        org.opensrm.authz.token.TokenConfig t = c.authz().tokens().orElseThrow();
        assertEquals("https://cms-auth.example/", t.issuers().get(0).iss());
        assertEquals("/store/cms", t.issuers().get(0).basePath().toString());
        assertEquals(Optional.empty(), t.issuers().get(0).account());
        assertEquals(List.of("https://se.example", "https://se2.example"), t.audiences());
        assertEquals(java.time.Duration.ofSeconds(60), t.clockSkew());
        assertEquals(16384, t.maxTokenBytes());
        assertTrue(org.opensrm.server.SrmServer.transportConfig(c).bearerTokens());
        assertFalse(org.opensrm.server.SrmServer.transportConfig(config()).bearerTokens());
    }
}
