package org.opensrm.stores.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Durability;
import org.opensrm.core.FencedException;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FrontendLease;
import org.opensrm.core.Request;
import org.opensrm.core.RequestChange;
import org.opensrm.core.RequestToken;
import org.opensrm.core.Surl;

/**
 * The PostgreSQL request store's reads and writes of one request, one statement (one round trip) each. A new
 * request with its files is one INSERT; a change is one UPDATE of the request's row and its changed files that
 * commits by itself, a compare-and-set on the version of the request's row ({@code xmin}, renewed by every write
 * of the row; every change rewrites it, whatever files it changes, and no other writer changes a request's files).
 *
 * <p>A change is computed from the request as this frontend last read or wrote it, if that was less than
 * {@link #TRUSTED} ago (srmReleaseFiles reads the request to check its owner just before it changes it), and kept
 * only if the row is still that version and, for the engine's changes, still held under this frontend's lease
 * (fencing, {@link org.opensrm.core.RequestStore#updateHeld}). Otherwise the request is read again and the change
 * computed again ({@link RequestChange} may run more than once). A change that changes nothing is answered from
 * a read made for it, never from what was kept. What the client is answered was committed: the statement commits
 * before it returns, and its commit is flushed to disk before it returns too unless the change is
 * {@link Durability#REDOABLE} (docs/architecture.md, "When a change is durable").
 *
 * <p>Before, a change was a transaction of five round trips (lock, read, write the request, write the files,
 * commit) and a new request three; a get cycle now takes four statements instead of eleven
 * (docs/performance.md, "PostgreSQL get cycles").
 */
final class PostgresRequests {
    /** How long a request as read or written here is tried as the base of a change before it is read again. */
    static final Duration TRUSTED = Duration.ofSeconds(5);
    /** Requests kept as last read or written (a single-file request is about 1 KiB on the heap). */
    private static final int KEPT = 4096;
    /** Larger requests are not kept: read again for each change. */
    private static final int KEPT_FILES = 64;
    /** Compare-and-sets lost in a row before a change gives up: each loss is another writer's change kept. */
    private static final int ATTEMPTS = 100;

    private static final String FILES = "unnest(?::int4[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], "
            + "?::text[], ?::int8[], ?::int8[], ?::int8[], ?::int8[]) AS u(idx, surl, target_surl, state, status, "
            + "explanation, turl, size, pin_lifetime, file_lifetime, pin_expires_at)";
    private static final String SELECT = "SELECT " + Rows.REQUEST_COLUMNS + ", " + Rows.FILE_COLUMNS
            + ", r.xmin::text, r.frontend, r.lease_epoch FROM srm_request r JOIN srm_file_request f"
            + " ON f.token = r.token WHERE r.token = ? ORDER BY f.idx";
    private static final int VERSION_COLUMN = 24;
    private static final String INSERT = "WITH r AS (INSERT INTO srm_request (token, kind, state, owner_dn, "
            + "owner_account, owner_fqans, description, parameters, explanation, created_at, expires_at, finished_at,"
            + " frontend, lease_epoch) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING token, "
            + "xmin::text AS version), f AS (INSERT INTO srm_file_request (token, idx, surl, target_surl, state, "
            + "status, explanation, turl, size, pin_lifetime, file_lifetime, pin_expires_at) SELECT r.token, u.* "
            + "FROM r, " + FILES + ") SELECT version FROM r";
    private static final String UPDATE_HEAD = "WITH r AS (UPDATE srm_request SET state = ?, description = ?, "
            + "parameters = ?, explanation = ?, expires_at = ?, finished_at = ? WHERE token = ? AND xmin::text = ?";
    private static final String UPDATE_TAIL = " RETURNING token, xmin::text AS version), f AS (UPDATE "
            + "srm_file_request t SET surl = u.surl, target_surl = u.target_surl, state = u.state, status = u.status,"
            + " explanation = u.explanation, turl = u.turl, size = u.size, pin_lifetime = u.pin_lifetime, "
            + "file_lifetime = u.file_lifetime, pin_expires_at = u.pin_expires_at FROM r, " + FILES
            + " WHERE t.token = r.token AND t.idx = u.idx) SELECT version FROM r";
    private static final String HELD = " AND frontend = ? AND lease_epoch = ?";
    private static final String UPDATE = UPDATE_HEAD + UPDATE_TAIL;
    private static final String UPDATE_HELD = UPDATE_HEAD + HELD + UPDATE_TAIL;
    /**
     * A {@link Durability#REDOABLE} change: the same statement, its transaction's commit made asynchronous
     * ({@code synchronous_commit} off for this transaction only, {@code set_config(..., true)}), so that it is
     * answered without waiting for the WAL flush. The setting is read when the statement's transaction commits;
     * the condition that sets it is uncorrelated, so PostgreSQL evaluates it once, before the row is looked up.
     */
    private static final String LAZY = "WITH lazy AS (SELECT set_config('synchronous_commit', 'off', true) AS off), "
            + "r AS (UPDATE";
    private static final String LAZY_CONDITION = " AND (SELECT off FROM lazy) = 'off'";
    private static final String UPDATE_LAZY = lazy(UPDATE_HEAD + LAZY_CONDITION + UPDATE_TAIL);
    private static final String UPDATE_HELD_LAZY = lazy(UPDATE_HEAD + HELD + LAZY_CONDITION + UPDATE_TAIL);

    /** A request as read or written, with its row's version and the lease it was held under then. */
    private record Seen(Request request, String version, String frontend, long epoch, long atNanos) {
    }

    private final Database db;
    private final Map<RequestToken, Seen> kept = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<RequestToken, Seen> eldest) {
            return size() > KEPT;
        }
    };

    PostgresRequests(Database db) {
        this.db = db;
    }

    /** Keeps {@code r} (its files and lease columns), held under {@code held} if given, in one statement. */
    Request create(Request r, Optional<FrontendLease> held) throws SrmException {
        String version = db.writeOneStatement(c -> {
            try (PreparedStatement s = c.prepareStatement(INSERT)) {
                Rows.bindInsert(s, r);
                s.setString(13, held.map(FrontendLease::frontend).orElse(null));
                if (held.isPresent()) {
                    s.setLong(14, held.get().epoch());
                } else {
                    s.setNull(14, Types.BIGINT);
                }
                bindFiles(c, s, 15, r.files());
                return versionOf(s);
            }
        });
        keep(new Seen(r, version, held.map(FrontendLease::frontend).orElse(null),
                held.map(FrontendLease::epoch).orElse(0L), System.nanoTime()));
        return r;
    }

    /** The request as stored now. */
    Request load(RequestToken token) throws SrmException {
        return read(token).request();
    }

    /**
     * The request as this frontend read or wrote it less than {@link #TRUSTED} ago, else as stored now: for what
     * never changes of a request (kind, owner, files' SURLs).
     */
    Request recent(RequestToken token) throws SrmException {
        Seen seen = trusted(token);
        return seen != null ? seen.request() : read(token).request();
    }

    private static String lazy(String update) {
        return LAZY + update.substring("WITH r AS (UPDATE".length());
    }

    /**
     * Applies {@code change} and keeps the result; with {@code fence}, only while the request is held under that
     * lease; {@link Durability#REDOABLE}: answered before its commit is flushed.
     *
     * @throws FencedException the request is held by another frontend or lease ({@code fence} given)
     */
    Request update(RequestToken token, RequestChange change, Optional<FrontendLease> fence, Durability durability)
            throws SrmException {
        Seen before = trusted(token);
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            boolean fresh = before == null;
            if (fresh) {
                before = read(token);
                if (fence.isPresent()) {
                    requireHeld(token, before, fence.get());
                }
            }
            Request after = Rows.stored(Objects.requireNonNull(change.apply(before.request()),
                    "change returned null"));
            JdbcRequestStore.requireSameIdentity(before.request(), after);
            if (after.equals(before.request())) {
                if (fresh) {
                    return after;
                }
                before = null; // nothing to write: answer from the database, not from what was kept
                continue;
            }
            Optional<Seen> written = compareAndSet(before, after, fence, durability);
            if (written.isPresent()) {
                keep(written.get());
                return after;
            }
            before = null; // changed by another writer (or taken over, or purged) since it was read
        }
        throw new SrmException(SrmStatus.SRM_INTERNAL_ERROR, "request " + token.shortId() + " was changed by others "
                + ATTEMPTS + " times while this change was made; retry");
    }

    /** Forgets what was kept of {@code token} (its lease columns were just written by another statement). */
    void forget(RequestToken token) {
        synchronized (kept) {
            kept.remove(token);
        }
    }

    /** Forgets everything kept (requests were purged). */
    void forgetAll() {
        synchronized (kept) {
            kept.clear();
        }
    }

    private Optional<Seen> compareAndSet(Seen before, Request after, Optional<FrontendLease> fence,
                                         Durability durability) throws SrmException {
        List<FileRequest> changed = new ArrayList<>();
        for (int i = 0; i < after.files().size(); i++) {
            if (!after.file(i).equals(before.request().file(i))) {
                changed.add(after.file(i));
            }
        }
        boolean lazy = durability == Durability.REDOABLE;
        String sql = fence.isPresent() ? (lazy ? UPDATE_HELD_LAZY : UPDATE_HELD) : (lazy ? UPDATE_LAZY : UPDATE);
        Optional<String> version = forgettingOnFailure(() -> db.writeOneStatement(c -> {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                Rows.bindUpdate(s, after);
                s.setString(8, before.version());
                int at = 9;
                if (fence.isPresent()) {
                    s.setString(9, fence.get().frontend());
                    s.setLong(10, fence.get().epoch());
                    at = 11;
                }
                bindFiles(c, s, at, changed);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
                }
            }
        }));
        return version.map(v -> new Seen(after, v, fence.map(FrontendLease::frontend).orElse(before.frontend()),
                fence.map(FrontendLease::epoch).orElse(before.epoch()), System.nanoTime()));
    }

    private static void requireHeld(RequestToken token, Seen seen, FrontendLease mine) throws FencedException {
        if (!mine.frontend().equals(seen.frontend()) || seen.epoch() != mine.epoch()) {
            throw new FencedException(token, mine, seen.frontend() == null ? "no frontend"
                    : new FrontendLease(seen.frontend(), seen.epoch()).toString());
        }
    }

    /**
     * Runs a statement; when it fails (the database unreachable, or restarted under it), forgets everything kept:
     * a restart may have undone changes this frontend kept {@link Durability#REDOABLE}, and the transaction ids that
     * name row versions may then be given again, so a version read before is no longer proof of a row's content.
     */
    private <T> T forgettingOnFailure(DbCall<T> call) throws SrmException {
        try {
            return call.run();
        } catch (SrmException e) {
            if (e.status() == SrmStatus.SRM_INTERNAL_ERROR) {
                forgetAll();
            }
            throw e;
        }
    }

    @FunctionalInterface
    private interface DbCall<T> {
        T run() throws SrmException;
    }

    private Seen read(RequestToken token) throws SrmException {
        Seen seen = forgettingOnFailure(() -> db.read(c -> select(c, token)));
        keep(seen);
        return seen;
    }

    private static Seen select(Connection c, RequestToken token) throws SQLException, SrmException {
        try (PreparedStatement s = c.prepareStatement(SELECT)) {
            s.setString(1, token.value());
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    throw SrmException.invalidRequest("unknown request token");
                }
                String version = rs.getString(VERSION_COLUMN);
                String frontend = rs.getString(VERSION_COLUMN + 1);
                long epoch = rs.getLong(VERSION_COLUMN + 2); // 0 when empty, as no lease has
                Request[] one = new Request[1];
                Rows.readOne(rs, r -> one[0] = r);
                return new Seen(one[0], version, frontend, epoch, System.nanoTime());
            }
        }
    }

    private Seen trusted(RequestToken token) {
        Seen seen;
        synchronized (kept) {
            seen = kept.get(token);
        }
        return seen != null && System.nanoTime() - seen.atNanos() < TRUSTED.toNanos() ? seen : null;
    }

    private void keep(Seen seen) {
        synchronized (kept) {
            if (seen.request().files().size() <= KEPT_FILES) {
                kept.put(seen.request().token(), seen);
            } else {
                kept.remove(seen.request().token());
            }
        }
    }

    private static String versionOf(PreparedStatement s) throws SQLException {
        try (ResultSet rs = s.executeQuery()) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** The files' columns as the eleven arrays of {@link #FILES}, from parameter {@code at} on. */
    private static void bindFiles(Connection c, PreparedStatement s, int at, List<FileRequest> files)
            throws SQLException {
        int n = files.size();
        Integer[] idx = new Integer[n];
        String[][] text = new String[6][n];
        Long[][] numbers = new Long[4][n];
        for (int i = 0; i < n; i++) {
            FileRequest f = files.get(i);
            idx[i] = f.index();
            text[0][i] = f.surl().text();
            text[1][i] = f.targetSurl().map(Surl::text).orElse(null);
            text[2][i] = f.state().name();
            text[3][i] = f.status().name();
            text[4][i] = f.explanation();
            text[5][i] = f.turl().orElse(null);
            numbers[0][i] = f.size().isPresent() ? f.size().getAsLong() : null;
            numbers[1][i] = f.pinLifetime().toMillis();
            numbers[2][i] = f.fileLifetime().toMillis();
            numbers[3][i] = f.pinExpiresAt().map(Instant::toEpochMilli).orElse(null);
        }
        s.setArray(at, c.createArrayOf("int4", idx));
        for (int k = 0; k < text.length; k++) {
            s.setArray(at + 1 + k, c.createArrayOf("text", text[k]));
        }
        for (int k = 0; k < numbers.length; k++) {
            s.setArray(at + 7 + k, c.createArrayOf("int8", numbers[k]));
        }
    }
}
