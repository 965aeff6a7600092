package org.opensrm.stores.internal;

import java.nio.charset.StandardCharsets;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.core.Owner;
import org.opensrm.core.space.AccessLatency;
import org.opensrm.core.space.RetentionPolicy;
import org.opensrm.core.space.SpaceFile;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceState;
import org.opensrm.core.space.SpaceToken;

/** Reservations and their files to rows and back. Times are kept to the millisecond ({@link #stored}). */
final class SpaceRows {
    static final String COLUMNS = "token, owner_dn, owner_account, owner_fqans, vo_group, quota_key, retention, "
            + "latency, total_bytes, guaranteed_bytes, used_bytes, description, state, is_static, created_at, "
            + "expires_at";
    static final String SELECT = "SELECT " + COLUMNS + " FROM srm_space";
    static final String INSERT = "INSERT INTO srm_space (" + COLUMNS + ") "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    /** What a change may alter (never used_bytes: only the conditional statements move it). */
    static final String UPDATE = "UPDATE srm_space SET retention = ?, latency = ?, total_bytes = ?, "
            + "guaranteed_bytes = ?, description = ?, state = ?, expires_at = ? WHERE token = ?";
    static final String FILE_COLUMNS = "path, token, size_bytes, expires_at";
    static final String SELECT_FILES = "SELECT " + FILE_COLUMNS + " FROM srm_space_file";
    /** The longest path kept, in UTF-8 bytes (PostgreSQL indexes no key much longer). */
    static final int MAX_PATH_BYTES = 2000;

    private SpaceRows() {
    }

    /** The reservation exactly as it will read back. */
    static SpaceReservation stored(SpaceReservation r) {
        return new SpaceReservation(r.token(), r.owner(), r.group(), r.retention(), r.latency(), r.totalBytes(),
                r.guaranteedBytes(), r.usedBytes(), millis(r.createdAt()), r.expiresAt().map(SpaceRows::millis),
                r.description(), r.state(), r.isStatic());
    }

    static SpaceFile stored(SpaceFile f) {
        return new SpaceFile(f.token(), f.path(), f.sizeBytes(), f.expiresAt().map(SpaceRows::millis));
    }

    static void bindInsert(PreparedStatement s, SpaceReservation r) throws SQLException {
        s.setString(1, r.token().value());
        s.setString(2, r.owner().dn());
        s.setString(3, r.owner().account());
        s.setString(4, String.join("\n", r.owner().fqans()));
        s.setString(5, r.group().orElse(null));
        s.setString(6, r.quotaKey());
        s.setString(7, r.retention().name());
        s.setString(8, r.latency().name());
        s.setLong(9, r.totalBytes());
        s.setLong(10, r.guaranteedBytes());
        s.setLong(11, r.usedBytes());
        s.setString(12, r.description().orElse(null));
        s.setString(13, r.state().name());
        s.setBoolean(14, r.isStatic());
        s.setLong(15, r.createdAt().toEpochMilli());
        setInstant(s, 16, r.expiresAt());
    }

    static void bindUpdate(PreparedStatement s, SpaceReservation r) throws SQLException {
        s.setString(1, r.retention().name());
        s.setString(2, r.latency().name());
        s.setLong(3, r.totalBytes());
        s.setLong(4, r.guaranteedBytes());
        s.setString(5, r.description().orElse(null));
        s.setString(6, r.state().name());
        setInstant(s, 7, r.expiresAt());
        s.setString(8, r.token().value());
    }

    static List<SpaceReservation> readAll(ResultSet rs) throws SQLException {
        List<SpaceReservation> out = new ArrayList<>();
        while (rs.next()) {
            out.add(read(rs));
        }
        return out;
    }

    static SpaceReservation read(ResultSet rs) throws SQLException {
        String fqans = rs.getString(4);
        Owner owner = new Owner(rs.getString(2), rs.getString(3),
                fqans.isEmpty() ? List.of() : Arrays.asList(fqans.split("\n", -1)));
        return new SpaceReservation(new SpaceToken(rs.getString(1)), owner, Optional.ofNullable(rs.getString(5)),
                RetentionPolicy.valueOf(rs.getString(7)), AccessLatency.valueOf(rs.getString(8)), rs.getLong(9),
                rs.getLong(10), rs.getLong(11), Instant.ofEpochMilli(rs.getLong(15)), instant(rs, 16),
                Optional.ofNullable(rs.getString(12)), SpaceState.valueOf(rs.getString(13)), rs.getBoolean(14));
    }

    static void bindFile(PreparedStatement s, SpaceFile f) throws SQLException {
        s.setString(1, f.path().toString());
        s.setString(2, f.token().value());
        s.setLong(3, f.sizeBytes());
        setInstant(s, 4, f.expiresAt());
    }

    static List<SpaceFile> readFiles(ResultSet rs) throws SQLException {
        List<SpaceFile> out = new ArrayList<>();
        while (rs.next()) {
            SrmPath path;
            try {
                path = SrmPath.of(rs.getString(1));
            } catch (SrmException e) {
                throw new SQLException("a kept path does not parse: " + e.getMessage(), e);
            }
            out.add(new SpaceFile(new SpaceToken(rs.getString(2)), path, rs.getLong(3), instant(rs, 4)));
        }
        return out;
    }

    /** @throws SrmException {@code SRM_INVALID_PATH} for a path too long to keep */
    static String pathKey(SrmPath path) throws SrmException {
        String text = path.toString();
        if (text.getBytes(StandardCharsets.UTF_8).length > MAX_PATH_BYTES) {
            throw SrmException.invalidPath("path longer than " + MAX_PATH_BYTES + " bytes cannot be in a space");
        }
        return text;
    }

    private static void setInstant(PreparedStatement s, int index, Optional<Instant> at) throws SQLException {
        if (at.isPresent()) {
            s.setLong(index, at.get().toEpochMilli());
        } else {
            s.setNull(index, Types.BIGINT);
        }
    }

    private static Optional<Instant> instant(ResultSet rs, int index) throws SQLException {
        long v = rs.getLong(index);
        return rs.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(v));
    }

    private static Instant millis(Instant t) {
        return t.truncatedTo(ChronoUnit.MILLIS);
    }
}
