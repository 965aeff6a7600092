package org.opensrm.stores.internal;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FileState;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestToken;
import org.opensrm.core.Surl;

/** Requests to rows and back. Times are kept to the millisecond; {@link #stored} says what reads back. */
final class Rows {
    static final String REQUEST_COLUMNS = "r.token, r.kind, r.state, r.owner_dn, r.owner_account, r.owner_fqans, "
            + "r.description, r.parameters, r.explanation, r.created_at, r.expires_at, r.finished_at";
    static final String FILE_COLUMNS = "f.idx, f.surl, f.target_surl, f.state, f.status, f.explanation, f.turl, "
            + "f.size, f.pin_lifetime, f.file_lifetime, f.pin_expires_at";
    /** Requests with their files, one row per file (add a WHERE on {@code r} and an ORDER BY). */
    static final String SELECT_REQUESTS = "SELECT " + REQUEST_COLUMNS + ", " + FILE_COLUMNS
            + " FROM srm_request r JOIN srm_file_request f ON f.token = r.token";
    /** A request with its files in order. */
    static final String SELECT_REQUEST = SELECT_REQUESTS + " WHERE r.token = ? ORDER BY f.idx";
    static final String INSERT_REQUEST = "INSERT INTO srm_request (token, kind, state, owner_dn, owner_account, "
            + "owner_fqans, description, parameters, explanation, created_at, expires_at, finished_at) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    static final String INSERT_FILE = "INSERT INTO srm_file_request (token, idx, surl, target_surl, state, status, "
            + "explanation, turl, size, pin_lifetime, file_lifetime, pin_expires_at) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    static final String UPDATE_REQUEST = "UPDATE srm_request SET state = ?, description = ?, parameters = ?, "
            + "explanation = ?, expires_at = ?, finished_at = ? WHERE token = ?";
    static final String UPDATE_FILE = "UPDATE srm_file_request SET surl = ?, target_surl = ?, state = ?, status = ?, "
            + "explanation = ?, turl = ?, size = ?, pin_lifetime = ?, file_lifetime = ?, pin_expires_at = ? "
            + "WHERE token = ? AND idx = ?";

    private Rows() {
    }

    /** The request exactly as it will read back (times to the millisecond). */
    static Request stored(Request r) {
        List<FileRequest> files = new ArrayList<>(r.files().size());
        for (FileRequest f : r.files()) {
            files.add(new FileRequest(f.index(), f.surl(), f.targetSurl(), f.state(), f.status(), f.explanation(),
                    f.turl(), f.size(), millis(f.pinLifetime()), millis(f.fileLifetime()),
                    f.pinExpiresAt().map(Rows::millis)));
        }
        return new Request(r.token(), r.kind(), r.owner(), r.description(), r.parameters(), millis(r.createdAt()),
                millis(r.expiresAt()), r.state(), r.explanation(), r.finishedAt().map(Rows::millis), files);
    }

    /** Reads the rows of {@link #SELECT_REQUEST}; empty when there are none. */
    static Optional<Request> read(ResultSet rs) throws SQLException {
        List<Request> one = new ArrayList<>(1);
        readAll(rs, one::add);
        return one.stream().findFirst();
    }

    /** Reads rows of {@link #REQUEST_COLUMNS} and {@link #FILE_COLUMNS}, ordered by token and index. */
    static void readAll(ResultSet rs, Consumer<Request> each) throws SQLException {
        boolean more = rs.next();
        while (more) {
            more = readOne(rs, each);
        }
    }

    /**
     * Reads the request whose first row {@code rs} is on, with its files, into {@code each}; leaves {@code rs} on
     * the next request's first row.
     *
     * @return whether another row follows
     */
    static boolean readOne(ResultSet rs, Consumer<Request> each) throws SQLException {
        String token = rs.getString(1);
        RequestKind kind = RequestKind.valueOf(rs.getString(2));
        RequestState state = RequestState.valueOf(rs.getString(3));
        Owner owner = new Owner(rs.getString(4), rs.getString(5), TextLists.fromLines(rs.getString(6)));
        Optional<String> description = Optional.ofNullable(rs.getString(7));
        String parameters = rs.getString(8);
        String explanation = rs.getString(9);
        Instant created = Instant.ofEpochMilli(rs.getLong(10));
        Instant expires = Instant.ofEpochMilli(rs.getLong(11));
        Optional<Instant> finished = optionalInstant(rs, 12);
        List<FileRequest> files = new ArrayList<>();
        boolean more;
        do {
            files.add(new FileRequest(rs.getInt(13), rs.getString(14), Optional.ofNullable(rs.getString(15)),
                    FileState.valueOf(rs.getString(16)), SrmStatus.valueOf(rs.getString(17)), rs.getString(18),
                    Optional.ofNullable(rs.getString(19)), optionalLong(rs, 20),
                    Duration.ofMillis(rs.getLong(21)), Duration.ofMillis(rs.getLong(22)),
                    optionalInstant(rs, 23)));
            more = rs.next();
        } while (more && token.equals(rs.getString(1)));
        each.accept(new Request(new RequestToken(token), kind, owner, description,
                TextLists.fromForm(parameters), created, expires, state, explanation, finished, files));
        return more;
    }

    static void bindInsert(PreparedStatement s, Request r) throws SQLException {
        s.setString(1, r.token().value());
        s.setString(2, r.kind().name());
        s.setString(3, r.state().name());
        s.setString(4, r.owner().dn());
        s.setString(5, r.owner().account());
        s.setString(6, TextLists.lines(r.owner().fqans()));
        s.setString(7, r.description().orElse(null));
        s.setString(8, TextLists.form(r.parameters()));
        s.setString(9, r.explanation());
        s.setLong(10, r.createdAt().toEpochMilli());
        s.setLong(11, r.expiresAt().toEpochMilli());
        setInstant(s, 12, r.finishedAt());
    }

    static void bindInsert(PreparedStatement s, RequestToken token, FileRequest f) throws SQLException {
        s.setString(1, token.value());
        s.setInt(2, f.index());
        s.setString(3, f.surl().text());
        s.setString(4, f.targetSurl().map(Surl::text).orElse(null));
        bindFileState(s, 5, f);
    }

    static void bindUpdate(PreparedStatement s, Request r) throws SQLException {
        s.setString(1, r.state().name());
        s.setString(2, r.description().orElse(null));
        s.setString(3, TextLists.form(r.parameters()));
        s.setString(4, r.explanation());
        s.setLong(5, r.expiresAt().toEpochMilli());
        setInstant(s, 6, r.finishedAt());
        s.setString(7, r.token().value());
    }

    static void bindUpdate(PreparedStatement s, RequestToken token, FileRequest f) throws SQLException {
        s.setString(1, f.surl().text());
        s.setString(2, f.targetSurl().map(Surl::text).orElse(null));
        bindFileState(s, 3, f);
        s.setString(11, token.value());
        s.setInt(12, f.index());
    }

    /** state, status, explanation, turl, size, pin_lifetime, file_lifetime, pin_expires_at from {@code at}. */
    private static void bindFileState(PreparedStatement s, int at, FileRequest f) throws SQLException {
        s.setString(at, f.state().name());
        s.setString(at + 1, f.status().name());
        s.setString(at + 2, f.explanation());
        s.setString(at + 3, f.turl().orElse(null));
        if (f.size().isPresent()) {
            s.setLong(at + 4, f.size().getAsLong());
        } else {
            s.setNull(at + 4, Types.BIGINT);
        }
        s.setLong(at + 5, f.pinLifetime().toMillis());
        s.setLong(at + 6, f.fileLifetime().toMillis());
        setInstant(s, at + 7, f.pinExpiresAt());
    }

    private static void setInstant(PreparedStatement s, int at, Optional<Instant> t) throws SQLException {
        if (t.isPresent()) {
            s.setLong(at, t.get().toEpochMilli());
        } else {
            s.setNull(at, Types.BIGINT);
        }
    }

    private static Optional<Instant> optionalInstant(ResultSet rs, int column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(v));
    }

    private static OptionalLong optionalLong(ResultSet rs, int column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(v);
    }

    private static Instant millis(Instant t) {
        return t.truncatedTo(ChronoUnit.MILLIS);
    }

    private static Duration millis(Duration d) {
        return Duration.ofMillis(d.toMillis());
    }
}
