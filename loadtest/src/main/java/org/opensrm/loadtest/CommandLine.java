package org.opensrm.loadtest;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Parses the {@code srm-loadtest} command line into a {@link LoadTestConfig}. */
public final class CommandLine {
    static final String USAGE = """
            usage: srm-loadtest --endpoint httpg://HOST:PORT/srm/managerv2 --op ls|ping|put|get [--surl [LABEL=]SURL]...
                                [--proxy FILE] [--cadir DIR | --insecure-trust] [options]

            Measures an SRM v2.2 endpoint the classic way: N concurrent clients, each sending one request after the
            other, for each N of a ramp; reports the effective processing rate and the latency per level.

            Target
              --endpoint URL        httpg://host:port/path (TLS with the proxy as client certificate, then the GSI
                                    '0' byte once per connection, then HTTP/1.1 SOAP) or https://... (no '0' byte).
                                    Port defaults to 8443, path to /srm/managerv2.
              --op OP               ls     srmLs of each SURL (a directory: numOfLevels 1, full details)
                                    ping   srmPing (no SURL needed); a busy answer (otherInfo error) is
                                           not OK
                                    put    srmPrepareToPut of a new file under the SURL, srmStatusOfPutRequest
                                           while queued/in progress, then srmPutDone, with no transfer; the cycle
                                           is OK when PutDone gets any well-formed SRM answer (with no data
                                           written, SRM_FAILURE/SRM_INVALID_PATH is the expected one)
                                    get    srmPrepareToGet of the SURL (an existing file), srmStatusOfGetRequest
                                           at once and until the file is SRM_FILE_PINNED, then srmReleaseFiles,
                                           with no transfer; OK when ReleaseFiles answers SRM_SUCCESS
              --surl [LABEL=]SURL   srm://host/path; repeat it to run the whole ramp against each SURL in turn.
                                    Give directory sizes as labels (--surl 10=srm://h/d10 --surl 100=srm://h/d100)
                                    to get the latency-vs-directory-size plot. Default label: last path element.
            Credentials
              --proxy FILE          X509_USER_PROXY-format file: certificate, unencrypted key, chain
                                    (default $X509_USER_PROXY, else /tmp/x509up_u<uid>)
              --cadir DIR           trusted CAs, *.0 files (default $X509_CERT_DIR, else /etc/grid-security/certificates)
              --insecure-trust      trust any server certificate and skip the host-name check
            Load
              --concurrency LIST    comma-separated client counts, run in order (default 1,10,100,1000)
              --duration TIME       measured time per level (default 30s)
              --warmup TIME         unmeasured time per level before it, connections set up (default 5s)
              --pause TIME          idle time between levels (default 2s)
              --ramp-up TIME        spread the clients' first requests over this time from the start of the
                                    warm-up (default half the warm-up; 0 = all at once)
              --connection MODE     keepalive: one connection per client, reused (default)
                                    new: a new TLS connection, full handshake, for every request
              --tls-resumption      allow TLS session resumption in new mode (off: full handshakes, like GSI)
              --connect-first TIME  keepalive only: each client opens its connection after its ramp-up delay and
                                    sends nothing until every client holds one (or TIME has passed); the warm-up
                                    starts then. For many held connections: no handshake waits behind requests
              --tls-warmup N        make N full handshakes (two at a time, closed at once) before the first level,
                                    so that the load tester's TLS code is compiled before its clients need it
                                    (default 0; a cold load tester answers the server's handshakes late)
              --max-handshakes N    set up at most N connections at once (connect to GSI byte); more clients wait
                                    for a slot, in order, before they connect (default 0: no bound). One host's
                                    CPU shared by thousands of handshakes answers each of them late
              --timeout TIME        connect/handshake/response timeout and longest put/get polling (default 60s)
              --error-backoff TIME  a client's pause after a connection error (default 100ms)
              --busy-pause P        a client's pause before its next call after a busy answer (SRM_INTERNAL_ERROR;
                                    srmPing's otherInfo error): gfal2 (default: 200ms, doubled after each busy
                                    answer in a row up to 5s, as gfal2's SRM library retries), none (at once, as
                                    ARC), TIME (fixed) or TIME:TIME (first:longest, doubling)
              --thread-stack SIZE   stack of each client thread (default 256k)
            SRM details
              --expect STATUS       request status that counts as OK for ls (default SRM_SUCCESS)
              --ls-levels N         numOfLevels of srmLs (default 1; 0 = stat the SURL itself)
              --ls-brief            fullDetailedList=false (default true, as gfal2 sends)
              --put-size BYTES      expectedFileSize of srmPrepareToPut (default 1)
              --poll-interval TIME  pause between status polls of put and get (default 100ms)
            Output
              --out DIR             results.csv, statuses.csv, rate-vs-concurrency.svg/.png and, with several
                                    SURLs, latency-vs-dirsize.svg/.png (default ./loadtest-results)
              -h, --help            this text

            TIME is a number with unit ms, s, m or h (bare numbers are seconds); SIZE takes k or m.
            results.csv columns: concurrency,op,connection,requests,ok,srm_other,http_errors,conn_errors,rate_per_s,
            p50_ms,p90_ms,p99_ms,max_ms,http_503,malformed,handshakes,clients,seconds,label,surl,clients_connected,
            clients_answered,all_answered_s,level_connections,level_conn_errors,client_answer_max_ms,
            client_stall_max_ms. rate_per_s is OK iterations per second; latencies are over OK iterations (a put or
            get iteration is the whole cycle). The last seven cover the whole level, warm-up included: clients that
            held a connection, clients that got an OK answer, the seconds from the clients' start to the last
            client's first OK answer, connections opened (more than the clients when some reconnected), connection
            errors, the longest a client took to answer a flight of the server's handshake, and the longest the load
            tester ran late as a whole (CPU, GC). connect-failures.csv: connections that could not be set up, by
            why as the client saw it (e.g. closed by the server after the client was late answering its flight).
            Exit status: 0 when every level ran (whatever the servers answered), 1 on a failure, 2 on a usage error.
            """;

    private final Map<String, String> environment;

    /** @param environment where defaults for --proxy and --cadir come from (normally {@code System.getenv()}) */
    public CommandLine(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    /** Thrown for anything the user must fix on the command line. */
    public static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        public UsageException(String message) {
            super(message);
        }
    }

    /** @return the configuration, or empty when help was asked for */
    public java.util.Optional<LoadTestConfig> parse(String[] args) throws UsageException {
        LoadTestConfig.Builder b = LoadTestConfig.builder();
        List<TargetSurl> targets = new ArrayList<>();
        boolean proxyGiven = false;
        boolean caDirGiven = false;
        boolean insecure = false;
        try {
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                String value = null;
                int eq = arg.indexOf('=');
                if (arg.startsWith("--") && eq > 0) {
                    value = arg.substring(eq + 1);
                    arg = arg.substring(0, eq);
                }
                switch (arg) {
                    case "-h", "--help" -> {
                        return java.util.Optional.empty();
                    }
                    case "--insecure-trust" -> {
                        insecure = true;
                        b.insecureTrust(true);
                    }
                    case "--tls-resumption" -> b.tlsResumption(true);
                    case "--ls-brief" -> b.lsFullDetail(false);
                    default -> {
                        if (value == null) {
                            if (i + 1 >= args.length) {
                                throw new UsageException(arg + " needs a value");
                            }
                            value = args[++i];
                        }
                        switch (arg) {
                            case "--endpoint" -> b.endpoint(SrmEndpoint.parse(value));
                            case "--proxy" -> {
                                b.proxyFile(Path.of(value));
                                proxyGiven = true;
                            }
                            case "--cadir" -> {
                                b.caDir(Path.of(value));
                                caDirGiven = true;
                            }
                            case "--op" -> b.operation(Operation.fromLabel(value));
                            case "--surl" -> targets.add(TargetSurl.parse(value));
                            case "--concurrency" -> b.concurrencyLevels(parseLevels(value));
                            case "--duration" -> b.duration(parseDuration(value));
                            case "--warmup" -> b.warmup(parseDuration(value));
                            case "--pause" -> b.pauseBetweenLevels(parseDuration(value));
                            case "--ramp-up" -> b.rampUp(parseDuration(value));
                            case "--connection" -> b.connectionMode(ConnectionMode.fromLabel(value));
                            case "--out" -> b.outputDir(Path.of(value));
                            case "--timeout" -> b.requestTimeout(parseDuration(value));
                            case "--error-backoff" -> b.errorBackoff(parseDuration(value));
                            case "--thread-stack" -> b.threadStackBytes(parseSize(value));
                            case "--connect-first" -> b.connectFirst(parseDuration(value));
                            case "--tls-warmup" -> b.tlsWarmup(Integer.parseInt(value));
                            case "--max-handshakes" -> b.maxHandshakes(Integer.parseInt(value));
                            case "--busy-pause" -> b.busyPause(BusyPause.parse(value));
                            case "--expect" -> b.expectedStatus(value);
                            case "--ls-levels" -> b.lsLevels(Integer.parseInt(value));
                            case "--put-size" -> b.putFileSize(Long.parseLong(value));
                            case "--poll-interval" -> b.pollInterval(parseDuration(value));
                            default -> throw new UsageException("unknown option " + arg);
                        }
                    }
                }
            }
            if (!proxyGiven) {
                b.proxyFile(Path.of(environment.getOrDefault("X509_USER_PROXY", "/tmp/x509up_u" + uid())));
            }
            if (!caDirGiven && !insecure) {
                b.caDir(Path.of(environment.getOrDefault("X509_CERT_DIR", "/etc/grid-security/certificates")));
            }
            b.targets(targets);
            return java.util.Optional.of(b.build());
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new UsageException(e.getMessage());
        }
    }

    static List<Integer> parseLevels(String list) {
        List<Integer> levels = new ArrayList<>();
        for (String part : list.split(",")) {
            if (!part.isBlank()) {
                levels.add(Integer.parseInt(part.trim()));
            }
        }
        return levels;
    }

    static Duration parseDuration(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        try {
            if (t.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            }
            double amount = Double.parseDouble(t.replaceAll("[smh]$", ""));
            double seconds = t.endsWith("m") ? amount * 60 : t.endsWith("h") ? amount * 3600 : amount;
            return Duration.ofMillis(Math.round(seconds * 1000));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad time '" + text + "' (e.g. 500ms, 30s, 2m)");
        }
    }

    static long parseSize(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        try {
            if (t.endsWith("k")) {
                return Long.parseLong(t.substring(0, t.length() - 1)) * 1024;
            }
            if (t.endsWith("m")) {
                return Long.parseLong(t.substring(0, t.length() - 1)) * 1024 * 1024;
            }
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad size '" + text + "' (e.g. 256k)");
        }
    }

    private static long uid() {
        try {
            return new com.sun.security.auth.module.UnixSystem().getUid();
        } catch (RuntimeException | LinkageError e) {
            return 0;
        }
    }
}
