package org.opensrm.stores.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Owner;
import org.opensrm.core.space.SpaceChange;
import org.opensrm.core.space.SpaceFile;
import org.opensrm.core.space.SpaceQuota;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceState;
import org.opensrm.core.space.SpaceStore;
import org.opensrm.core.space.SpaceToken;

/**
 * The persistent {@link SpaceStore} over SQL, the same for SQLite and PostgreSQL. Used bytes move only through
 * one conditional statement each ({@code used_bytes <= total_bytes - n}), which the database evaluates against
 * the committed value under the row's lock: concurrent allocations never overrun a reservation.
 */
public final class JdbcSpaceStore implements SpaceStore {
    private static final String RESERVED = "'" + SpaceState.RESERVED.name() + "'";
    private static final String TAKE = "UPDATE srm_space SET used_bytes = used_bytes + ? WHERE token = ? AND state = "
            + RESERVED + " AND (expires_at IS NULL OR expires_at > ?) AND used_bytes <= total_bytes - ?";
    private static final String GIVE_BACK = "UPDATE srm_space SET used_bytes = CASE WHEN used_bytes > ? "
            + "THEN used_bytes - ? ELSE 0 END WHERE token = ?";
    private static final String UNEXPIRED = " AND state = " + RESERVED + " AND (expires_at IS NULL OR expires_at > ?)";

    private final Database db;
    private final Clock clock;
    private final boolean ownsDatabase;

    /**
     * @param ownsDatabase whether {@link #close} closes {@code db} (false when it is shared with the request store)
     */
    public JdbcSpaceStore(Database db, Clock clock, boolean ownsDatabase) {
        this.db = db;
        this.clock = clock;
        this.ownsDatabase = ownsDatabase;
    }

    @Override
    public SpaceReservation create(SpaceReservation reservation, SpaceQuota quota) throws SrmException {
        SpaceReservation r = SpaceRows.stored(reservation);
        Instant now = clock.instant();
        return db.write(c -> {
            if (selectOptional(c, r.token(), false).isPresent()) {
                throw new SrmException(SrmStatus.SRM_DUPLICATION_ERROR, "space token " + r.token() + " exists");
            }
            checkQuota(c, r, 0, quota, now);
            try (PreparedStatement s = c.prepareStatement(SpaceRows.INSERT)) {
                SpaceRows.bindInsert(s, r);
                s.executeUpdate();
            }
            return r;
        });
    }

    @Override
    public SpaceReservation declare(SpaceReservation staticToken) throws SrmException {
        if (!staticToken.isStatic()) {
            throw new IllegalArgumentException("only static tokens are declared");
        }
        SpaceReservation r = SpaceRows.stored(staticToken);
        return db.write(c -> {
            Optional<SpaceReservation> kept = selectOptional(c, r.token(), db.lockRows());
            if (kept.isEmpty()) {
                try (PreparedStatement s = c.prepareStatement(SpaceRows.INSERT)) {
                    SpaceRows.bindInsert(s, r);
                    s.executeUpdate();
                }
                return r;
            }
            if (!kept.get().isStatic()) {
                throw new SrmException(SrmStatus.SRM_DUPLICATION_ERROR, "static space token " + r.token()
                        + " has the token of a dynamic reservation");
            }
            // the configuration wins, except that a size below what is used keeps the used size as total
            long total = Math.max(r.totalBytes(), kept.get().usedBytes());
            try (PreparedStatement s = c.prepareStatement("UPDATE srm_space SET vo_group = ?, total_bytes = ?, "
                    + "guaranteed_bytes = ?, description = ?, state = ? WHERE token = ?")) {
                s.setString(1, r.group().orElse(null));
                s.setLong(2, total);
                s.setLong(3, Math.min(r.guaranteedBytes(), total));
                s.setString(4, r.description().orElse(null));
                s.setString(5, SpaceState.RESERVED.name());
                s.setString(6, r.token().value());
                s.executeUpdate();
            }
            return select(c, r.token(), false);
        });
    }

    @Override
    public SpaceReservation load(SpaceToken token) throws SrmException {
        return db.read(c -> select(c, token, false));
    }

    @Override
    public SpaceReservation update(SpaceToken token, SpaceChange change, SpaceQuota quota) throws SrmException {
        Instant now = clock.instant();
        return db.write(c -> {
            SpaceReservation before = select(c, token, db.lockRows());
            SpaceReservation after = SpaceRows.stored(Objects.requireNonNull(change.apply(before),
                    "change returned null"));
            requireSameIdentity(before, after);
            long heldBefore = before.state() == SpaceState.RESERVED ? before.totalBytes() : 0;
            if (after.totalBytes() > heldBefore) {
                checkQuota(c, after, heldBefore, quota, now);
            }
            try (PreparedStatement s = c.prepareStatement(SpaceRows.UPDATE)) {
                SpaceRows.bindUpdate(s, after);
                s.executeUpdate();
            }
            if (before.state() == SpaceState.RESERVED && after.state() != SpaceState.RESERVED) {
                try (PreparedStatement s = c.prepareStatement("DELETE FROM srm_space_file WHERE token = ?")) {
                    s.setString(1, token.value());
                    s.executeUpdate();
                }
            }
            return after;
        });
    }

    @Override
    public List<SpaceReservation> find(Optional<String> description) throws SrmException {
        String sql = SpaceRows.SELECT + " WHERE state = " + RESERVED
                + (description.isPresent() ? " AND description = ?" : "") + " ORDER BY created_at, token";
        return db.read(c -> {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                if (description.isPresent()) {
                    s.setString(1, description.get());
                }
                try (ResultSet rs = s.executeQuery()) {
                    return SpaceRows.readAll(rs);
                }
            }
        });
    }

    @Override
    public List<SpaceReservation> findByOwner(Owner owner, Optional<String> description) throws SrmException {
        String sql = SpaceRows.SELECT + " WHERE owner_dn = ? AND owner_account = ?"
                + (description.isPresent() ? " AND description = ?" : "") + " ORDER BY created_at, token";
        return db.read(c -> {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                s.setString(1, owner.dn());
                s.setString(2, owner.account());
                if (description.isPresent()) {
                    s.setString(3, description.get());
                }
                try (ResultSet rs = s.executeQuery()) {
                    return SpaceRows.readAll(rs);
                }
            }
        });
    }

    @Override
    public long reservedBytes(String quotaKey, Instant now) throws SrmException {
        if (quotaKey.equals(SpaceStore.SITE)) {
            return db.read(c -> sumReserved(c, "is_static = ?", null, "", now));
        }
        return db.read(c -> sumReserved(c, "quota_key = ?", quotaKey, "", now));
    }

    @Override
    public SpaceReservation allocate(SpaceToken token, long bytes, Instant now) throws SrmException {
        requireBytes(bytes);
        return db.write(c -> {
            take(c, token, bytes, now);
            return select(c, token, false);
        });
    }

    @Override
    public SpaceReservation free(SpaceToken token, long bytes) throws SrmException {
        requireBytes(bytes);
        return db.write(c -> {
            if (giveBack(c, token, bytes) == 0) {
                throw unknown(token);
            }
            return select(c, token, false);
        });
    }

    @Override
    public SpaceFile commitFile(SpaceFile file, long claimedBytes, Instant now) throws SrmException {
        requireBytes(claimedBytes);
        SpaceFile f = SpaceRows.stored(file);
        String key = SpaceRows.pathKey(f.path());
        return db.write(c -> {
            if (f.sizeBytes() > claimedBytes) {
                take(c, f.token(), f.sizeBytes() - claimedBytes, now);
            } else if (f.sizeBytes() < claimedBytes) {
                giveBack(c, f.token(), claimedBytes - f.sizeBytes());
            }
            Optional<SpaceFile> old = removeFileRow(c, key);
            if (old.isPresent()) {
                giveBack(c, old.get().token(), old.get().sizeBytes());
            }
            insertFile(c, f);
            return f;
        });
    }

    @Override
    public Optional<SpaceFile> file(SrmPath path) throws SrmException {
        String key = SpaceRows.pathKey(path);
        return db.read(c -> selectFile(c, key));
    }

    @Override
    public List<SpaceFile> files(SpaceToken token) throws SrmException {
        return db.read(c -> {
            try (PreparedStatement s = c.prepareStatement(SpaceRows.SELECT_FILES + " WHERE token = ? ORDER BY path")) {
                s.setString(1, token.value());
                try (ResultSet rs = s.executeQuery()) {
                    return SpaceRows.readFiles(rs);
                }
            }
        });
    }

    @Override
    public Optional<SpaceFile> removeFile(SrmPath path) throws SrmException {
        String key = SpaceRows.pathKey(path);
        return db.write(c -> {
            Optional<SpaceFile> old = removeFileRow(c, key);
            if (old.isPresent()) {
                giveBack(c, old.get().token(), old.get().sizeBytes());
            }
            return old;
        });
    }

    @Override
    public SpaceFile moveFile(SrmPath path, long sizeBytes, SpaceToken to, Optional<Instant> expiresAt, Instant now)
            throws SrmException {
        requireBytes(sizeBytes);
        String key = SpaceRows.pathKey(path);
        return db.write(c -> {
            Optional<SpaceFile> old = removeFileRow(c, key);
            long size = old.map(SpaceFile::sizeBytes).orElse(sizeBytes);
            if (old.isPresent()) {
                giveBack(c, old.get().token(), size);
            }
            take(c, to, size, now);
            SpaceFile moved = SpaceRows.stored(new SpaceFile(to, path, size, expiresAt));
            insertFile(c, moved);
            return moved;
        });
    }

    @Override
    public void renameFile(SrmPath from, SrmPath to) throws SrmException {
        String fromKey = SpaceRows.pathKey(from);
        String toKey = SpaceRows.pathKey(to);
        db.write(c -> {
            Optional<SpaceFile> replaced = removeFileRow(c, toKey);
            if (replaced.isPresent()) {
                giveBack(c, replaced.get().token(), replaced.get().sizeBytes());
            }
            try (PreparedStatement s = c.prepareStatement("UPDATE srm_space_file SET path = ? WHERE path = ?")) {
                s.setString(1, toKey);
                s.setString(2, fromKey);
                s.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public SpaceFile extendFile(SrmPath path, Optional<Instant> expiresAt) throws SrmException {
        String key = SpaceRows.pathKey(path);
        return db.write(c -> {
            try (PreparedStatement s = c.prepareStatement("UPDATE srm_space_file SET expires_at = ? WHERE path = ?")) {
                if (expiresAt.isPresent()) {
                    s.setLong(1, expiresAt.get().toEpochMilli());
                } else {
                    s.setNull(1, java.sql.Types.BIGINT);
                }
                s.setString(2, key);
                if (s.executeUpdate() == 0) {
                    throw SrmException.invalidPath(path + " is in no space");
                }
            }
            return selectFile(c, key).orElseThrow();
        });
    }

    @Override
    public List<SpaceToken> expired(Instant now, int limit) throws SrmException {
        return db.read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT token FROM srm_space WHERE state = " + RESERVED
                    + " AND expires_at IS NOT NULL AND expires_at <= ? ORDER BY expires_at LIMIT ?")) {
                s.setLong(1, now.toEpochMilli());
                s.setInt(2, limit);
                List<SpaceToken> out = new ArrayList<>();
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(new SpaceToken(rs.getString(1)));
                    }
                }
                return out;
            }
        });
    }

    @Override
    public void close() {
        if (ownsDatabase) {
            db.close();
        }
    }

    /** Takes {@code bytes} or explains, from the stored row, why not. */
    private static void take(Connection c, SpaceToken token, long bytes, Instant now)
            throws SQLException, SrmException {
        try (PreparedStatement s = c.prepareStatement(TAKE)) {
            s.setLong(1, bytes);
            s.setString(2, token.value());
            s.setLong(3, now.toEpochMilli());
            s.setLong(4, bytes);
            if (s.executeUpdate() == 1) {
                return;
            }
        }
        SpaceReservation r = select(c, token, false);
        r.requireReserved(now);
        throw new SrmException(SrmStatus.SRM_EXCEED_ALLOCATION, bytes + " bytes do not fit in space " + token
                + " (" + r.freeBytes() + " of " + r.totalBytes() + " free)");
    }

    private static int giveBack(Connection c, SpaceToken token, long bytes) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(GIVE_BACK)) {
            s.setLong(1, bytes);
            s.setLong(2, bytes);
            s.setString(3, token.value());
            return s.executeUpdate();
        }
    }

    /**
     * Refuses {@code r} (holding {@code heldBefore} of its total already) when its group or the site would hold
     * more than {@code quota} allows. The quota rows are locked first, the site's before the group's, so that
     * concurrent reservations under one key are checked one after the other.
     */
    private void checkQuota(Connection c, SpaceReservation r, long heldBefore, SpaceQuota quota, Instant now)
            throws SQLException, SrmException {
        if (r.isStatic() || r.state() != SpaceState.RESERVED) {
            return;
        }
        lockQuota(c, r.quotaKey());
        long group = sumReserved(c, "quota_key = ?", r.quotaKey(), r.token().value(), now);
        if (r.totalBytes() > quota.groupLimit() - group) {
            throw new SrmException(SrmStatus.SRM_EXCEED_ALLOCATION, "reserving " + r.totalBytes() + " bytes would "
                    + "pass the limit of " + quota.groupLimit() + " bytes for " + r.quotaKey() + " ("
                    + group + " reserved)");
        }
        long site = sumReserved(c, "is_static = ?", null, r.token().value(), now);
        if (r.totalBytes() > quota.siteLimit() - site) {
            throw new SrmException(SrmStatus.SRM_NO_FREE_SPACE, "reserving " + r.totalBytes() + " bytes would pass "
                    + "the site's space for reservations (" + (quota.siteLimit() - site) + " bytes left)");
        }
    }

    private void lockQuota(Connection c, String key) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "INSERT INTO srm_space_quota (quota_key) VALUES (?) ON CONFLICT DO NOTHING")) {
            s.setString(1, key);
            s.executeUpdate();
        }
        if (db.lockRows()) {
            try (PreparedStatement s = c.prepareStatement("SELECT quota_key FROM srm_space_quota "
                    + "WHERE quota_key IN ('*', ?) ORDER BY quota_key FOR UPDATE")) {
                s.setString(1, key);
                s.executeQuery().close();
            }
        }
    }

    /** The reserved, unexpired totals matching {@code where} (one parameter: {@code key}, or false), but one. */
    private static long sumReserved(Connection c, String where, String key, String except, Instant now)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT COALESCE(SUM(total_bytes), 0) FROM srm_space WHERE "
                + where + UNEXPIRED + " AND token <> ?")) {
            if (key != null) {
                s.setString(1, key);
            } else {
                s.setBoolean(1, false);
            }
            s.setLong(2, now.toEpochMilli());
            s.setString(3, except);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static SpaceReservation select(Connection c, SpaceToken token, boolean lock)
            throws SQLException, SrmException {
        return selectOptional(c, token, lock).orElseThrow(() -> unknown(token));
    }

    private static Optional<SpaceReservation> selectOptional(Connection c, SpaceToken token, boolean lock)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement(SpaceRows.SELECT + " WHERE token = ?"
                + (lock ? " FOR UPDATE" : ""))) {
            s.setString(1, token.value());
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.of(SpaceRows.read(rs)) : Optional.empty();
            }
        }
    }

    private static Optional<SpaceFile> selectFile(Connection c, String key) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(SpaceRows.SELECT_FILES + " WHERE path = ?")) {
            s.setString(1, key);
            try (ResultSet rs = s.executeQuery()) {
                List<SpaceFile> found = SpaceRows.readFiles(rs);
                return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
            }
        }
    }

    /**
     * Deletes the file's row; what it held is returned only when this statement deleted it, so that two
     * frontends removing one file at once give its bytes back once.
     */
    private static Optional<SpaceFile> removeFileRow(Connection c, String key) throws SQLException {
        Optional<SpaceFile> old = selectFile(c, key);
        if (old.isEmpty()) {
            return old;
        }
        try (PreparedStatement s = c.prepareStatement("DELETE FROM srm_space_file WHERE path = ? AND token = ?")) {
            s.setString(1, key);
            s.setString(2, old.get().token().value());
            return s.executeUpdate() == 1 ? old : Optional.empty();
        }
    }

    private static void insertFile(Connection c, SpaceFile f) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO srm_space_file (" + SpaceRows.FILE_COLUMNS
                + ") VALUES (?, ?, ?, ?)")) {
            SpaceRows.bindFile(s, f);
            s.executeUpdate();
        }
    }

    private static SrmException unknown(SpaceToken token) {
        return SrmException.invalidRequest("unknown space token " + token.shortId());
    }

    private static void requireBytes(long bytes) throws SrmException {
        if (bytes < 0) {
            throw SrmException.invalidRequest("a size must not be negative: " + bytes);
        }
    }

    private static void requireSameIdentity(SpaceReservation before, SpaceReservation after) {
        if (!after.token().equals(before.token()) || !after.owner().equals(before.owner())
                || !after.group().equals(before.group()) || after.isStatic() != before.isStatic()
                || !after.createdAt().equals(before.createdAt()) || after.usedBytes() != before.usedBytes()) {
            throw new IllegalStateException("a change may not alter a reservation's token, owner, group, kind, "
                    + "creation time or used size");
        }
    }
}
