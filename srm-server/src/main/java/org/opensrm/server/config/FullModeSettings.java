package org.opensrm.server.config;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.opensrm.stores.PostgresStoreConfig;
import org.opensrm.core.RequestKind;
import org.opensrm.core.SchedulerConfig;

/**
 * Full mode's settings ({@code srm.store*}, {@code srm.scheduler.*}, the pin, TURL and retention keys): read
 * whatever the mode, so that a mistake is reported before the mode is switched, but the PostgreSQL keys are
 * required only with {@code srm.mode=full} and {@code srm.store=postgresql}.
 *
 * @param store             {@code embedded} (SQLite under {@code srm.state.dir}) or {@code postgresql}
 * @param postgres          the shared database, present exactly when {@code store} is {@code postgresql} in full mode
 * @param scheduler         queue bound and files in progress per kind (full mode gives each kind as many worker
 *                          threads as it may have files in progress)
 * @param requestLifetime   total request time granted when a client asks for none
 * @param requestLifetimeMax the longest total request time granted, whatever a client asks
 * @param pinLifetime       pin lifetime granted when a client asks for none
 * @param pinLifetimeMax    the longest pin lifetime granted, whatever a client asks
 * @param turlLifetime      how long a put's TURL stays usable once space is available
 * @param lsAsyncThreshold  srmLs calls naming more SURLs than this are queued
 * @param lsAsyncLevels     srmLs calls asking for more directory levels than this are queued
 * @param finishedRetention how long a finished request is kept before it is purged
 * @param reaperInterval    how often lifetimes are enforced and finished requests purged
 * @param frontendName      this frontend's name among those sharing the PostgreSQL store ({@code srm.frontend.name});
 *                          empty: the host's name and the state directory, which are unique per frontend
 * @param takeoverDelay     how long a frontend sharing the store may be silent before the others take its work
 */
public record FullModeSettings(String store, Optional<PostgresStoreConfig> postgres, SchedulerConfig scheduler,
                               Duration requestLifetime, Duration requestLifetimeMax,
                               Duration pinLifetime, Duration pinLifetimeMax, Duration turlLifetime,
                               int lsAsyncThreshold, int lsAsyncLevels, Duration finishedRetention,
                               Duration reaperInterval, Optional<String> frontendName, Duration takeoverDelay) {
    public static final String EMBEDDED = "embedded";
    public static final String POSTGRESQL = "postgresql";
    private static final String PG = "srm.store.postgresql.";
    /** The kinds full mode works on, each with its limit of files in progress (= its worker threads). */
    public static final Map<RequestKind, String> IN_PROGRESS_KEYS = Map.of(
            RequestKind.GET, "srm.scheduler.inprogress.get", RequestKind.PUT, "srm.scheduler.inprogress.put",
            RequestKind.BRING_ONLINE, "srm.scheduler.inprogress.bringonline",
            RequestKind.LS, "srm.scheduler.inprogress.ls", RequestKind.COPY, "srm.scheduler.inprogress.copy");
    /** Worker threads per kind at most: each file in progress holds one. */
    private static final int MAX_WORKERS = 1024;

    static FullModeSettings from(RawConfig c, boolean fullMode) throws ConfigException {
        String store = c.oneOf("srm.store", EMBEDDED, POSTGRESQL);
        Optional<PostgresStoreConfig> postgres = fullMode && store.equals(POSTGRESQL)
                ? Optional.of(postgres(c)) : Optional.empty();
        Duration request = notAbove(c, "srm.request.lifetime", "srm.request.lifetime.max");
        Duration pin = notAbove(c, "srm.pin.lifetime", "srm.pin.lifetime.max");
        Duration reaper = positive(c, "srm.reaper.interval");
        if (reaper.toMillis() < 100) {
            c.invalid("srm.reaper.interval", "configuration key 'srm.reaper.interval' must be at least 100ms, got '"
                    + c.get("srm.reaper.interval") + "'");
        }
        return new FullModeSettings(store, postgres, scheduler(c), request, positive(c, "srm.request.lifetime.max"),
                pin, positive(c, "srm.pin.lifetime.max"), positive(c, "srm.turl.lifetime"),
                c.getInt("srm.ls.async.threshold", 0, 1_000_000), c.getInt("srm.ls.async.levels", 0, 1_000_000),
                positive(c, "srm.requests.finished.retention"), reaper,
                c.isSet("srm.frontend.name") && !c.get("srm.frontend.name").isBlank()
                        ? Optional.of(c.get("srm.frontend.name").strip()) : Optional.empty(),
                takeoverDelay(c));
    }

    private static Duration takeoverDelay(RawConfig c) throws ConfigException {
        Duration d = c.getDuration("srm.frontend.takeover.delay");
        if (d.compareTo(Duration.ofSeconds(1)) < 0) {
            c.invalid("srm.frontend.takeover.delay", "configuration key 'srm.frontend.takeover.delay' must be at least"
                    + " 1s, got '" + c.get("srm.frontend.takeover.delay") + "'");
            return Duration.ofSeconds(1);
        }
        return d;
    }

    private static SchedulerConfig scheduler(RawConfig c) throws ConfigException {
        SchedulerConfig.Builder b = SchedulerConfig.builder()
                .maxQueuedFiles(c.getInt("srm.scheduler.queued.max", 1, 100_000_000));
        for (Map.Entry<RequestKind, String> kind : IN_PROGRESS_KEYS.entrySet()) {
            b.maxInProgress(kind.getKey(), c.getInt(kind.getValue(), 1, MAX_WORKERS));
        }
        return b.build();
    }

    private static PostgresStoreConfig postgres(RawConfig c) throws ConfigException {
        String url = c.require(PG + "url");
        if (!url.startsWith("jdbc:postgresql://")) {
            c.invalid(PG + "url", "configuration key '" + PG + "url' must be a jdbc:postgresql://host:port/database"
                    + " URL, got '" + url + "'");
            url = "jdbc:postgresql://localhost/opensrm"; // a stand-in, so that the reading goes on
        }
        Duration connect = c.getDuration(PG + "connect.timeout");
        if (connect.toMillis() < 250) {
            c.invalid(PG + "connect.timeout", "configuration key '" + PG + "connect.timeout' must be at least 250ms, got '"
                    + c.get(PG + "connect.timeout") + "'");
            connect = Duration.ofMillis(250);
        }
        Duration query = c.getDuration(PG + "query.timeout");
        if (query.toSeconds() < 1) {
            c.invalid(PG + "query.timeout", "configuration key '" + PG + "query.timeout' must be at least 1s, got '"
                    + c.get(PG + "query.timeout") + "'");
            query = Duration.ofSeconds(1);
        }
        Duration idle = c.getDuration(PG + "idle.in.transaction.timeout");
        if (!idle.isZero() && idle.toSeconds() < 1) {
            c.invalid(PG + "idle.in.transaction.timeout", "configuration key '" + PG + "idle.in.transaction.timeout'"
                    + " must be 0 (the database's setting) or at least 1s, got '"
                    + c.get(PG + "idle.in.transaction.timeout") + "'");
            idle = Duration.ofSeconds(1);
        }
        return PostgresStoreConfig.builder(url, c.require(PG + "user"))
                .password(c.isSet(PG + "password.file") ? password(c, c.getPath(PG + "password.file")) : "")
                .poolSize(c.getInt(PG + "pool.size", 1, 1000)).connectTimeout(connect).queryTimeout(query)
                .idleInTransactionTimeout(idle).build();
    }

    /**
     * The database password: the first line of a file that others cannot read (the configuration names the file,
     * never the password).
     */
    private static String password(RawConfig c, Path file) throws ConfigException {
        String key = PG + "password.file";
        Optional<String> problem;
        String line = "";
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
            String text = Files.readString(file, StandardCharsets.UTF_8);
            int eol = text.indexOf('\n');
            line = (eol < 0 ? text : text.substring(0, eol)).strip();
            problem = perms.contains(PosixFilePermission.OTHERS_READ)
                    ? Optional.of(file + " is readable by every user; make it readable by the server only (chmod 600 "
                            + file + ")")
                    : line.isEmpty() ? Optional.of(file + " is empty (its first line is the password)")
                    : Optional.empty();
        } catch (NoSuchFileException e) {
            problem = Optional.of(file + " does not exist");
        } catch (AccessDeniedException e) {
            problem = Optional.of("the server may not read " + file);
        } catch (IOException e) {
            problem = Optional.of("cannot read " + file + ": " + e.getMessage());
        }
        if (problem.isPresent()) { // recorded with every other problem; the reading goes on
            c.invalid(key, "configuration key '" + key + "': " + problem.get());
            return "";
        }
        return line;
    }

    /** A positive default lifetime that does not exceed its maximum, {@code maxKey}. */
    private static Duration notAbove(RawConfig c, String key, String maxKey) throws ConfigException {
        Duration d = positive(c, key);
        if (d.compareTo(positive(c, maxKey)) > 0) {
            c.invalid(key, "configuration key '" + key + "' (" + c.get(key) + ") must not exceed "
                    + maxKey + " (" + c.get(maxKey) + ")");
        }
        return d;
    }

    private static Duration positive(RawConfig c, String key) throws ConfigException {
        Duration d = c.getDuration(key);
        if (d.isZero()) {
            c.invalid(key, "configuration key '" + key + "' must be longer than 0, got '" + c.get(key) + "'");
            return Duration.ofSeconds(1);
        }
        return d;
    }
}
