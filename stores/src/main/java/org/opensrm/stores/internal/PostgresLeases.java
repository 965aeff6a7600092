package org.opensrm.stores.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.opensrm.common.SrmException;
import org.opensrm.core.FencedException;
import org.opensrm.core.FrontendLease;
import org.opensrm.core.FrontendLeases;
import org.opensrm.core.RequestToken;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The frontends' leases in PostgreSQL ({@code srm_frontend}, migration V4.1), every time read from the database's
 * clock ({@code clock_timestamp()}), so that frontends whose clocks differ agree on who is silent.
 */
public final class PostgresLeases implements FrontendLeases {
    private static final Logger LOG = LoggerFactory.getLogger(PostgresLeases.class);
    /** The database's clock in epoch milliseconds. */
    static final String NOW_MS = "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT";
    /**
     * Which run of the database server answers: when it started, and when its WAL statistics were last reset, which
     * a crash restart without a new postmaster (a server process killed, the others reset with it) also does.
     */
    static final String SERVER_RUN = "pg_postmaster_start_time()::text || ' ' || coalesce((SELECT stats_reset "
            + "FROM pg_stat_wal)::text, '')";
    private static final String REGISTER = "INSERT INTO srm_frontend (name, epoch, heartbeat_at, started_at) "
            + "VALUES (?, 1, " + NOW_MS + ", " + NOW_MS + ") ON CONFLICT (name) DO UPDATE SET epoch = "
            + "srm_frontend.epoch + 1, heartbeat_at = EXCLUDED.heartbeat_at, started_at = EXCLUDED.started_at, "
            + "taken_at = NULL "
            + "RETURNING epoch, " + SERVER_RUN;
    private static final String RENEW = "UPDATE srm_frontend SET heartbeat_at = " + NOW_MS
            + " WHERE name = ? AND epoch = ? RETURNING " + SERVER_RUN;
    private static final String HELD_TOKENS = "SELECT token FROM srm_request WHERE frontend = ? AND lease_epoch = ? "
            + "AND state IN ('QUEUED', 'IN_PROGRESS') ORDER BY created_at LIMIT ?";
    /**
     * Raises the epoch of every lease that fell silent, once: its frontend, if it comes back, learns at its next
     * heartbeat that its work was taken.
     */
    private static final String FENCE_SILENT = "UPDATE srm_frontend SET epoch = epoch + 1, taken_at = " + NOW_MS
            + " WHERE name <> ? AND taken_at IS NULL AND heartbeat_at < " + NOW_MS + " - ?";
    private static final String TAKE = "WITH orphan AS (SELECT r.token, r.frontend AS was FROM srm_request r "
            + "WHERE r.state IN ('QUEUED', 'IN_PROGRESS') AND NOT EXISTS (SELECT 1 FROM srm_frontend f "
            + "WHERE f.name = r.frontend AND f.epoch = r.lease_epoch AND f.heartbeat_at >= " + NOW_MS + " - ?) "
            + "ORDER BY r.created_at LIMIT ? FOR UPDATE OF r SKIP LOCKED) "
            + "UPDATE srm_request s SET frontend = ?, lease_epoch = ? FROM orphan WHERE s.token = orphan.token "
            + "RETURNING s.token, orphan.was";
    /** The request's holder, and this frontend's lease as the database has it with the time it has left. */
    private static final String HELD = "SELECT r.frontend, r.lease_epoch, f.epoch, ? - (" + NOW_MS
            + " - f.heartbeat_at) FROM srm_request r LEFT JOIN srm_frontend f ON f.name = ? WHERE r.token = ?";
    private static final String LIVE = "SELECT count(*) FROM srm_frontend WHERE heartbeat_at >= " + NOW_MS + " - ?";

    /** A lease as taken, with the run of the database server that gave it. */
    private record Granted(FrontendLease lease, String serverRun) {
    }

    private final Database db;
    private final String name;
    private volatile FrontendLease current;
    /** The run of the database server the last renewal met ({@link #SERVER_RUN}). */
    private String serverRun;
    private final AtomicLong restarts = new AtomicLong();
    private volatile Runnable onRestart = () -> { };

    private PostgresLeases(Database db, String name, Granted taken) {
        this.db = db;
        this.name = name;
        this.current = taken.lease();
        this.serverRun = taken.serverRun();
    }

    /** Takes a lease for frontend {@code name} (a new epoch of it): what an earlier run of the name held is orphaned. */
    static PostgresLeases register(Database db, String name) throws SrmException {
        PostgresLeases leases = new PostgresLeases(db, name, take(db, name));
        LOG.info("frontend lease {} taken", leases.current);
        return leases;
    }

    /** Runs {@code action} in the renewing thread whenever a renewal finds the database server restarted. */
    void onRestart(Runnable action) {
        this.onRestart = action;
    }

    private static Granted take(Database db, String name) throws SrmException {
        return db.write(c -> {
            try (PreparedStatement s = c.prepareStatement(REGISTER)) {
                s.setString(1, name);
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    return new Granted(new FrontendLease(name, rs.getLong(1)), rs.getString(2));
                }
            }
        });
    }

    @Override
    public FrontendLease current() {
        return current;
    }

    /** Also notes a restart of the database server since the last renewal ({@link #restarts}). */
    @Override
    public synchronized boolean renew() throws SrmException {
        FrontendLease mine = current;
        Optional<String> run = db.write(c -> {
            try (PreparedStatement s = c.prepareStatement(RENEW)) {
                s.setString(1, mine.frontend());
                s.setLong(2, mine.epoch());
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.<String>empty();
                }
            }
        });
        if (run.isPresent()) {
            noteServerRun(run.get());
            return true;
        }
        Granted taken = take(db, name);
        current = taken.lease();
        noteServerRun(taken.serverRun());
        LOG.warn("frontend lease {} was taken over while this frontend was silent (or another frontend uses the name"
                + " {}); its work is no longer this frontend's; new lease {}", mine, name, current);
        return false;
    }

    private void noteServerRun(String run) {
        if (run.equals(serverRun)) {
            return;
        }
        LOG.warn("the request store's database restarted (server run '{}', before '{}'): changes committed just "
                + "before without waiting for the disk may be undone; this frontend's undone work is redone", run,
                serverRun);
        serverRun = run;
        restarts.incrementAndGet();
        onRestart.run();
    }

    @Override
    public long restarts() {
        return restarts.get();
    }

    @Override
    public List<RequestToken> held(int limit) throws SrmException {
        FrontendLease mine = current;
        return db.read(c -> {
            try (PreparedStatement s = c.prepareStatement(HELD_TOKENS)) {
                s.setString(1, mine.frontend());
                s.setLong(2, mine.epoch());
                s.setInt(3, limit);
                List<RequestToken> out = new ArrayList<>();
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(new RequestToken(rs.getString(1)));
                    }
                }
                return out;
            }
        });
    }

    @Override
    public List<Taken> takeOrphans(Duration silence, int limit) throws SrmException {
        if (limit < 1) {
            return List.of();
        }
        FrontendLease mine = current;
        return db.write(c -> {
            fenceSilent(c, silence);
            List<Taken> taken = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(TAKE)) {
                s.setLong(1, silence.toMillis());
                s.setInt(2, limit);
                s.setString(3, mine.frontend());
                s.setLong(4, mine.epoch());
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        taken.add(new Taken(new RequestToken(rs.getString(1)), Optional.ofNullable(rs.getString(2))));
                    }
                }
            }
            return taken;
        });
    }

    private void fenceSilent(Connection c, Duration silence) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(FENCE_SILENT)) {
            s.setString(1, name);
            s.setLong(2, silence.toMillis());
            int fenced = s.executeUpdate();
            if (fenced > 0) {
                LOG.warn("{} frontend lease(s) fenced (silent for more than {} ms)", fenced, silence.toMillis());
            }
        }
    }

    @Override
    public void resign() throws SrmException {
        FrontendLease mine = current;
        db.write(c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE srm_frontend SET heartbeat_at = 0 WHERE name = ? AND epoch = ?")) {
                s.setString(1, mine.frontend());
                s.setLong(2, mine.epoch());
                return s.executeUpdate();
            }
        });
        LOG.info("frontend lease {} ended: its queued work goes to the live frontends", mine);
    }

    @Override
    public void release(RequestToken token) throws SrmException {
        FrontendLease mine = current;
        db.write(c -> {
            try (PreparedStatement s = c.prepareStatement("UPDATE srm_request SET frontend = NULL, lease_epoch = NULL"
                    + " WHERE token = ? AND frontend = ? AND lease_epoch = ?")) {
                s.setString(1, token.value());
                s.setString(2, mine.frontend());
                s.setLong(3, mine.epoch());
                return s.executeUpdate();
            }
        });
    }

    @Override
    public Duration heldFor(RequestToken token, FrontendLease lease, Duration silence) throws SrmException {
        return db.read(c -> {
            try (PreparedStatement s = c.prepareStatement(HELD)) {
                s.setLong(1, silence.toMillis());
                s.setString(2, lease.frontend());
                s.setString(3, token.value());
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        throw SrmException.invalidRequest("unknown request token");
                    }
                    String holder = rs.getString(1);
                    long heldEpoch = rs.getLong(2);
                    boolean held = holder != null && !rs.wasNull() && holder.equals(lease.frontend())
                            && heldEpoch == lease.epoch();
                    if (!held) {
                        throw new FencedException(token, lease, holder == null ? "no frontend"
                                : new FrontendLease(holder, heldEpoch).toString());
                    }
                    long epochNow = rs.getLong(3);
                    if (epochNow != lease.epoch()) {
                        throw new FencedException(token, lease, "no frontend yet (this lease was taken over, "
                                + new FrontendLease(lease.frontend(), epochNow) + " now)");
                    }
                    return Duration.ofMillis(rs.getLong(4));
                }
            }
        });
    }

    @Override
    public int live(Duration silence) throws SrmException {
        return db.read(c -> {
            try (PreparedStatement s = c.prepareStatement(LIVE)) {
                s.setLong(1, silence.toMillis());
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    return rs.getInt(1);
                }
            }
        });
    }
}
