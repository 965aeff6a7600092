package org.opensrm.server.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every key the server understands. Keys ending in {@code .*} are families (e.g. one per space token). */
public final class ConfigKeys {
    public static final List<ConfigKey> ALL = List.of(
            new ConfigKey("srm.host", "0.0.0.0", "Address the SRM port binds to."),
            new ConfigKey("srm.port", "8443", "The SRM port (GSI httpg and HTTPS on the same port); 0 picks a free one."),
            new ConfigKey("srm.surl.hosts", null,
                    "Comma-separated host names and aliases this server answers for in SURLs; default: the DNS names of the host certificate. The SURL port is ignored (gfal2 drops it)."),
            new ConfigKey("srm.hostcert", "/etc/grid-security/hostcert.pem", "Host certificate (PEM)."),
            new ConfigKey("srm.hostkey", "/etc/grid-security/hostkey.pem", "Host private key (PEM, unencrypted, readable only by the server)."),
            new ConfigKey("srm.cadir", "/etc/grid-security/certificates", "Trusted CA directory: <hash>.0, <hash>.signing_policy, CRLs <hash>.r0."),
            new ConfigKey("srm.credentials.refresh", "60s", "How often the CA directory, CRLs and host certificate are checked for changes."),
            new ConfigKey("srm.gridmap", "/etc/grid-security/grid-mapfile", "grid-mapfile mapping DNs (and VOMS FQANs) to local accounts."),
            new ConfigKey("srm.banlist", "", "File of banned DNs, one per line; empty: no ban list."),
            new ConfigKey("srm.authz.refresh", "2s", "How often the grid-mapfile and ban list are checked for changes."),
            new ConfigKey("srm.authz.mappers", "gridmap",
                    "Mappers asked in order after the ban list, the first that names an account deciding: gridmap, vomsmap, gums, token (docs/operating.md)."),
            new ConfigKey("srm.vomsdir", "",
                    "VOMS trust directory (<vo>/<host>.lsc, e.g. /etc/grid-security/vomsdir); empty: VOMS attributes are not read."),
            new ConfigKey("srm.authz.vomsmap", "",
                    "VOMS role map for the vomsmap mapper: lines \"FQAN-pattern\" account or \"FQAN-pattern\" .pool; the primary FQAN decides."),
            new ConfigKey("srm.authz.gridmapdir", "", "Directory where pool accounts (.pool in the VOMS role map) are leased; empty: no pools."),
            new ConfigKey("srm.authz.gums.url", "",
                    "GUMS XACML endpoint for the gums mapper, e.g. https://gums.example.org:8443/gums/services/GUMSXACMLAuthorizationServicePort."),
            new ConfigKey("srm.authz.gums.timeout", "5s", "Longest wait for a GUMS answer; past it the client is refused (fail-closed)."),
            new ConfigKey("srm.authz.gums.cache.ttl", "10m", "How long a GUMS Permit is reused after it was received."),
            new ConfigKey("srm.authz.gums.cache.negative.ttl", "1m", "How long a GUMS Deny is reused after it was received."),
            new ConfigKey("srm.authz.gums.cache.size", "10000", "Most GUMS answers kept; beyond it the oldest are dropped."),
            new ConfigKey("srm.authz.tokens.issuers", "",
                    "Names of the trusted WLCG token issuers (each described by srm.authz.tokens.issuer.NAME.*); non-empty (with token in srm.authz.mappers) makes client certificates optional on HTTPS: a request without one must carry Authorization: Bearer."),
            new ConfigKey("srm.authz.tokens.issuer.*", null,
                    "Per issuer NAME: .iss the exact iss claim (https://...), .jwks its public keys as a JWK set file (re-read when it changes), .base where its scope paths start (default /), .account the account its tokens act as when no wlcg.groups entry maps (default: none, the group map must map)."),
            new ConfigKey("srm.authz.tokens.audiences", "",
                    "Comma-separated aud values naming this server (e.g. https://se.example.org); https://wlcg.cern.ch/jwt/v1/any is accepted as well. Required with token issuers."),
            new ConfigKey("srm.authz.tokens.groupmap", "",
                    "Maps wlcg.groups to accounts: lines \"group-pattern\" account as in the VOMS role map, first group that matches decides; empty: the issuer's account."),
            new ConfigKey("srm.authz.tokens.clock.skew", "60s", "How far a token's exp and nbf may be off the server's clock (at most 5m)."),
            new ConfigKey("srm.authz.tokens.max.bytes", "16384", "Longest bearer token accepted (512..32768); longer ones are refused before they are parsed."),
            new ConfigKey("srm.token.key", null,
                    "Secret (at least 16 characters) that signs request tokens; frontends sharing a namespace share it. Required."),
            new ConfigKey("srm.mode", "gateway",
                    "Protocol mode: gateway (synchronous TURLs, signed stateless tokens) | full (requests queued, polled, suspended and aborted, pins with lifetimes, all kept in the request store across restarts)."),
            new ConfigKey("srm.state.dir", "/var/lib/opensrm",
                    "Where the server keeps its journal of uploads in progress and, in full mode with srm.store=embedded, its request store (requests.db)."),
            new ConfigKey("srm.put.lifetime", "4h",
                    "Gateway mode: longest lifetime of a put request; an upload not finished by then is removed (full mode: srm.request.lifetime.max and srm.turl.lifetime)."),
            new ConfigKey("srm.get.lifetime", "4h",
                    "Gateway mode: lifetime granted to get and bring-online requests (full mode: srm.request.lifetime and srm.pin.lifetime)."),
            new ConfigKey("srm.store", "embedded",
                    "Full mode's request store: embedded (SQLite in srm.state.dir, one frontend) | postgresql (one database that several frontends share; srm.store.postgresql.*)."),
            new ConfigKey("srm.store.postgresql.url", "",
                    "JDBC URL of the shared database, jdbc:postgresql://host:port/database; required with srm.store=postgresql."),
            new ConfigKey("srm.store.postgresql.user", "opensrm",
                    "Database role the server connects as."),
            new ConfigKey("srm.store.postgresql.password.file", "",
                    "File whose first line is the role's password; it must not be readable by every user (chmod 600). Empty: no password (peer or trust authentication)."),
            new ConfigKey("srm.store.postgresql.pool.size", "24",
                    "Database connections kept open by this frontend. The default serves 16 concurrent clients together with the engine's workers (srm.scheduler.inprogress.*) and the reaper without queueing for a connection (benchmarks/run-full-cycles, 16 clients: 31 cycles/s with 8 connections, 113 with 24; docs/performance.md). Every frontend keeps this many open: frontends x pool.size must stay below PostgreSQL's max_connections (100 by default). Any size from 1 works."),
            new ConfigKey("srm.store.postgresql.connect.timeout", "2s",
                    "Longest a call waits for a database connection; past it the call is answered SRM_INTERNAL_ERROR (at least 250ms)."),
            new ConfigKey("srm.store.postgresql.query.timeout", "10s",
                    "Longest one statement may take on the database (at least 1s)."),
            new ConfigKey("srm.scheduler.queued.max", "100000",
                    "Full mode: most file requests waiting in the queue, every user and kind together; a request that does not fit is refused (SRM_INTERNAL_ERROR, retry)."),
            new ConfigKey("srm.scheduler.inprogress.get", "4",
                    "Full mode: most srmPrepareToGet files being prepared at once, each by a worker thread of its own."),
            new ConfigKey("srm.scheduler.inprogress.put", "4",
                    "Full mode: most srmPrepareToPut files being prepared at once, each by a worker thread of its own."),
            new ConfigKey("srm.scheduler.inprogress.bringonline", "4",
                    "Full mode: most srmBringOnline files being prepared at once, each by a worker thread of its own."),
            new ConfigKey("srm.scheduler.inprogress.ls", "4",
                    "Full mode: most queued srmLs listings being made at once, each by a worker thread of its own."),
            new ConfigKey("srm.request.lifetime", "1h",
                    "Full mode: total request time (desiredTotalRequestTime) granted when the client asks for none; past it a request that has not finished times out."),
            new ConfigKey("srm.request.lifetime.max", "24h",
                    "Full mode: the longest total request time granted, whatever the client asks."),
            new ConfigKey("srm.pin.lifetime", "1h",
                    "Full mode: pin lifetime of a got or brought-online file when the client asks for none."),
            new ConfigKey("srm.pin.lifetime.max", "24h",
                    "Full mode: the longest pin lifetime granted (desiredPinLifeTime, srmExtendFileLifeTime), whatever the client asks."),
            new ConfigKey("srm.turl.lifetime", "4h",
                    "Full mode: how long a put's TURL stays usable once space is available (also the longest pin a put is granted); past it the unfinished upload is removed."),
            new ConfigKey("srm.ls.async.threshold", "100",
                    "Full mode: an srmLs naming more SURLs than this is queued (SRM_REQUEST_QUEUED, then srmStatusOfLsRequest); 0: every srmLs is queued."),
            new ConfigKey("srm.ls.async.levels", "1",
                    "Full mode: an srmLs asking for more directory levels than this (numOfLevels, or all levels) is queued; 1 answers the listing of one directory, what gfal-ls and arcls ask, at once."),
            new ConfigKey("srm.requests.finished.retention", "1d",
                    "Full mode: how long a finished request stays answerable (srmStatusOf*, srmGetRequestSummary) before it is purged from the store."),
            new ConfigKey("srm.reaper.interval", "10s",
                    "Full mode: how often expired requests, pins and TURLs are reaped and finished requests purged (at least 100ms)."),
            new ConfigKey("srm.requests.active.max", "64", "Most SRM calls processed at once; more wait in the queue."),
            new ConfigKey("srm.requests.queue.max", "1024",
                    "Most SRM calls waiting for a processing slot; beyond it a call is answered SRM_INTERNAL_ERROR (busy, retry) at once."),
            new ConfigKey("srm.requests.queue.wait", "5s", "Longest a call waits for a slot before it is answered busy."),
            new ConfigKey("srm.ls.active.max", "16", "Most srmLs calls processed at once (listings are the expensive calls)."),
            new ConfigKey("srm.request.max.bytes", "8388608", "Largest SOAP request body accepted; larger ones get HTTP 413."),
            new ConfigKey("srm.request.max.items", "10000",
                    "Most SURLs (array items: SURLs, file requests, permissions) in one request, for every operation (in full mode so also the most files of one request); more are answered SRM_INVALID_REQUEST naming this limit, before the request is decoded."),
            new ConfigKey("srm.requests.memory.max", "",
                    "Bytes that the calls in progress may hold together (bodies, decoded requests, answers; estimated as in docs/security.md); a call that does not fit is answered busy (SRM_INTERNAL_ERROR, retry). Empty: a quarter of the JVM's largest heap (-Xmx)."),
            new ConfigKey("metrics.host", "127.0.0.1", "Address of the Prometheus metrics endpoint."),
            new ConfigKey("metrics.port", "", "Port of the Prometheus metrics endpoint (/metrics); empty: no endpoint, 0: a free port."),
            new ConfigKey("backend", "posix", "Storage backend: posix | hdfs."),
            new ConfigKey("backend.root", "/srv/srm", "Directory that SURL path / maps to."),
            new ConfigKey("backend.posix.dir.mode", "0775", "Permission bits of directories made by srmMkdir."),
            new ConfigKey("backend.hdfs.uri", null, "NameNode (or nameservice) URI, e.g. hdfs://namenode:8020; required with backend=hdfs."),
            new ConfigKey("backend.hdfs.config.files", "", "Comma-separated Hadoop configuration files (core-site.xml, hdfs-site.xml)."),
            new ConfigKey("backend.hdfs.kerberos.principal", "", "Kerberos principal of the server on a secured cluster (set with the keytab)."),
            new ConfigKey("backend.hdfs.kerberos.keytab", "", "Keytab of that principal."),
            new ConfigKey("backend.hdfs.service.user", "", "On a cluster without Kerberos: the user the server impersonates others as; default: the process user."),
            new ConfigKey("backend.hdfs.list.checksums", "false",
                    "Whether listings carry each entry's stored adler32 (one extra NameNode call per entry); a single-file srmLs always does."),
            new ConfigKey("backend.hdfs.property.*", null, "backend.hdfs.property.KEY=VALUE passes any Hadoop client setting."),
            new ConfigKey("gridftp.nodes", "", "Comma-separated GridFTP doors, gsiftp://host:port."),
            new ConfigKey("gridftp.selector", "roundrobin",
                    "How a door is chosen: random | roundrobin | loadprobe (the less loaded of two random doors, by load figures probed in the background; see gridftp.loadprobe.*)."),
            new ConfigKey("gridftp.path.prefix", null, "Prepended to the backend path to form the GridFTP path; default: backend.root."),
            new ConfigKey("gridftp.probe.interval", "10s", "How often each GridFTP door is probed for its 220 banner."),
            new ConfigKey("gridftp.probe.timeout", "3s", "How long a probe waits for the banner (and, with loadprobe, for the load endpoint); at most the interval."),
            new ConfigKey("gridftp.loadprobe.source", "banner",
                    "Where loadprobe reads door load: banner (time to the 220 banner, no agent) | prometheus (the OpenSRM GridFTP agent or prometheus-node-exporter) | gmond (Ganglia gmond XML)."),
            new ConfigKey("gridftp.loadprobe.endpoints", "",
                    "Comma-separated probe endpoint templates, {host} and {port} being the door's: http://{host}:9811/metrics (prometheus), {host}:8649 (gmond)."),
            new ConfigKey("gridftp.loadprobe.endpoints.*", null,
                    "gridftp.loadprobe.endpoints.HOST.PORT=URL[,URL]: the endpoints of one door instead of the templates."),
            new ConfigKey("gridftp.loadprobe.weight.sessions", "1", "Weight of live sessions / sessions max in a door's load figure."),
            new ConfigKey("gridftp.loadprobe.weight.throughput", "1", "Weight of bytes/s / link capacity in a door's load figure."),
            new ConfigKey("gridftp.loadprobe.weight.cpu", "0.5", "Weight of CPU load (load average / cores) in a door's load figure; 0 when doors share a host."),
            new ConfigKey("gridftp.loadprobe.sessions.max", "100",
                    "Sessions a door serves when it does not report its own maximum; a door at its maximum is full."),
            new ConfigKey("gridftp.loadprobe.link.bytes", "1250000000", "Link capacity in bytes/s of a door that does not report its own (10 Gbit/s)."),
            new ConfigKey("gridftp.loadprobe.stale.intervals", "3", "Probe intervals without fresh load figures after which a door is unknown (used only when no door is up)."),
            new ConfigKey("gridftp.loadprobe.dead.intervals", "6", "Probe intervals without any answer after which a door is dead; a refused or silent banner makes it dead at once."),
            new ConfigKey("gridftp.loadprobe.near.tie", "0.10", "Two doors whose loads differ by at most this fraction are a tie, broken at random."),
            new ConfigKey("gridftp.loadprobe.max.answer.bytes", "1048576", "Largest probe answer read; a larger one makes the door unknown."),
            new ConfigKey("ls.max.entries", "1000", "Most entries an srmLs answer without offset/count carries; beyond it SRM_TOO_MANY_RESULTS with the first page. "
                    + "Pages asked with a count get up to max(this, 1000) entries: gfal2 always pages by 1000."),
            new ConfigKey("space.tokens", "", "Comma-separated static space token names."),
            new ConfigKey("space.token.*", null,
                    "space.token.NAME.path (namespace path where puts with targetSpaceToken=NAME land), space.token.NAME.description, space.token.NAME.size (bytes)."),
            new ConfigKey("jetty.threads.min", "8", "Smallest request thread pool."),
            new ConfigKey("jetty.threads.max", "200", "Largest request thread pool."),
            new ConfigKey("jetty.accept.queue", "1024", "TCP listen backlog (capped by net.core.somaxconn)."),
            new ConfigKey("jetty.idle.timeout", "60s", "Idle keep-alive connections are closed after this long."),
            new ConfigKey("jetty.max.connections", "10000", "Most connections served at once; one beyond is closed as soon as it is accepted (before TLS), so its client fails at once."),
            new ConfigKey("jetty.max.connections.per.address", "200",
                    "Most connections served at once from one client address (IPv6: one /64); one beyond is closed as soon as it is accepted (before TLS). Raise it for a NAT gateway or an FTS host with more calls in flight."),
            new ConfigKey("jetty.handshake.timeout", "10s",
                    "Longest a new connection may take from its accept to the complete head of its first request (TLS handshake, GSI byte, request line and headers); closed after it, however it trickles bytes."),
            new ConfigKey("jetty.acceptors", "1", "Threads accepting new connections (one keeps up with thousands of handshakes a second)."),
            new ConfigKey("jetty.selectors", "", "Threads watching open connections for I/O; empty: half the cores."));

    private static final Map<String, ConfigKey> BY_NAME = index();

    private ConfigKeys() {
    }

    private static Map<String, ConfigKey> index() {
        Map<String, ConfigKey> m = new LinkedHashMap<>();
        ALL.forEach(k -> m.put(k.name(), k));
        return Map.copyOf(m);
    }

    /** The definition of {@code name}, matching families by prefix. */
    public static Optional<ConfigKey> find(String name) {
        ConfigKey exact = BY_NAME.get(name);
        if (exact != null) {
            return Optional.of(exact);
        }
        return ALL.stream()
                .filter(k -> k.name().endsWith(".*"))
                .filter(k -> name.startsWith(k.name().substring(0, k.name().length() - 1)))
                .findFirst();
    }
}
