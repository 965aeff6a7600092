package org.opensrm.stores.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.opensrm.common.SrmException;
import org.opensrm.core.Durability;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FrontendLease;
import org.opensrm.core.FrontendLeases;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestChange;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestStore;
import org.opensrm.core.RequestToken;
import org.opensrm.core.StoreCapabilities;
import org.opensrm.core.TokenGenerator;

/**
 * The persistent {@link RequestStore} over SQL, the same for SQLite and PostgreSQL (one schema). The embedded
 * store reads the requests it wrote last from {@link RecentRequests} (its writes keep that in step); over
 * PostgreSQL, where other frontends write too, every read is SQL, and a request is created, loaded and changed
 * in one statement each ({@link PostgresRequests}). Over PostgreSQL with {@link PostgresLeases}, a request is
 * created held under this frontend's lease and {@link #updateHeld} is fenced by it.
 */
public final class JdbcRequestStore implements RequestStore {
    private static final String ACTIVE = "('QUEUED', 'IN_PROGRESS', 'SUSPENDED')";
    private static final String EXPIRED = "SELECT token FROM (SELECT token FROM srm_request WHERE state IN " + ACTIVE
            + " AND expires_at <= ? UNION SELECT token FROM srm_file_request WHERE pin_expires_at IS NOT NULL"
            + " AND pin_expires_at <= ?) e LIMIT ?";

    private final Database db;
    private final Clock clock;
    private final TokenGenerator tokens;
    private final RecentRequests recent;
    private final Optional<PostgresLeases> leases;
    /** PostgreSQL's one-statement reads and writes of a request; null for the embedded store. */
    private final PostgresRequests postgres;

    /** A store that reads every request from {@code db}. */
    public JdbcRequestStore(Database db, Clock clock, TokenGenerator tokens) {
        this(db, clock, tokens, RecentRequests.none());
    }

    /**
     * A store of PostgreSQL {@code db} shared by several frontends, this one named {@code frontend}: takes its lease
     * (a new epoch of the name) as it opens.
     */
    public static JdbcRequestStore leased(Database db, Clock clock, TokenGenerator tokens, String frontend)
            throws SrmException {
        return new JdbcRequestStore(db, clock, tokens, RecentRequests.none(),
                Optional.of(PostgresLeases.register(db, frontend)));
    }

    /**
     * A store that reads the requests it wrote last from {@code recent}: only over an embedded database whose
     * writer tells {@code recent} how its transactions end ({@link Databases#sqlite(java.nio.file.Path,
     * Database.CommitListener)}) and that nothing else writes requests to.
     */
    public JdbcRequestStore(Database db, Clock clock, TokenGenerator tokens, RecentRequests recent) {
        this(db, clock, tokens, recent, Optional.empty());
    }

    private JdbcRequestStore(Database db, Clock clock, TokenGenerator tokens, RecentRequests recent,
                             Optional<PostgresLeases> leases) {
        this.db = db;
        this.clock = clock;
        this.tokens = tokens;
        this.recent = recent;
        this.leases = leases;
        this.postgres = db.lockRows() ? new PostgresRequests(db) : null;
        if (leases.isPresent() && postgres == null) {
            throw new IllegalArgumentException("only a PostgreSQL store is shared by frontends with leases");
        }
        // what this frontend read before a restart of the database may be newer than what the database kept
        leases.ifPresent(l -> l.onRestart(postgres::forgetAll));
    }

    /** The journal of uploads the frontends of this store share: present exactly when it is leased. */
    public Optional<org.opensrm.core.service.UploadJournal> sharedUploads() {
        return leases.map(l -> new PostgresUploadJournal(db));
    }

    @Override
    public Optional<FrontendLeases> leases() {
        return leases.map(l -> l);
    }

    @Override
    public StoreCapabilities capabilities() {
        return StoreCapabilities.FULL;
    }

    @Override
    public Request create(NewRequest request) throws SrmException {
        return create(request, made -> made);
    }

    /** The change runs before the one write: the request is nobody else's until it is kept. */
    @Override
    public Request create(NewRequest request, RequestChange initial) throws SrmException {
        Request made = Rows.stored(Request.create(tokens.next(), request, clock.instant()));
        Request r = Rows.stored(Objects.requireNonNull(initial.apply(made), "change returned null"));
        requireSameIdentity(made, r);
        Optional<FrontendLease> held = leases.map(PostgresLeases::current);
        if (postgres != null) {
            return postgres.create(r, held);
        }
        return db.write(c -> {
            try (PreparedStatement s = c.prepareStatement(Rows.INSERT_REQUEST)) {
                Rows.bindInsert(s, r);
                s.executeUpdate();
            }
            try (PreparedStatement s = c.prepareStatement(Rows.INSERT_FILE)) {
                for (FileRequest f : r.files()) {
                    Rows.bindInsert(s, r.token(), f);
                    s.addBatch();
                }
                s.executeBatch();
            }
            recent.written(r);
            return r;
        });
    }

    @Override
    public Request load(RequestToken token) throws SrmException {
        if (postgres != null) {
            return postgres.load(token);
        }
        Request kept = recent.lastCommitted(token);
        return kept != null ? kept : db.read(c -> select(c, token));
    }

    /** PostgreSQL: the request as this frontend read or wrote it lately ({@link PostgresRequests#recent}). */
    @Override
    public Request loadOwnedToChange(RequestToken token, Owner caller, List<String> named) throws SrmException {
        if (postgres == null) {
            return loadOwned(token, caller, named);
        }
        Request r = postgres.recent(token);
        r.requireOwner(caller);
        return r;
    }

    @Override
    public Request update(RequestToken token, RequestChange change) throws SrmException {
        return update(token, change, Durability.DURABLE);
    }

    /**
     * PostgreSQL: a {@link Durability#REDOABLE} change commits without waiting for the WAL flush
     * ({@link PostgresRequests}). The embedded store's commits are all alike (its one writer shares them anyway).
     */
    @Override
    public Request update(RequestToken token, RequestChange change, Durability durability) throws SrmException {
        if (postgres != null) {
            return postgres.update(token, change, Optional.empty(), durability);
        }
        return db.write(c -> apply(c, token, change));
    }

    /** Changed only while the request is held under this frontend's lease, checked in the same statement. */
    @Override
    public Request updateHeld(RequestToken token, RequestChange change) throws SrmException {
        return updateHeld(token, change, Durability.DURABLE);
    }

    @Override
    public Request updateHeld(RequestToken token, RequestChange change, Durability durability)
            throws SrmException {
        if (leases.isEmpty()) {
            return update(token, change, durability);
        }
        return postgres.update(token, change, Optional.of(leases.get().current()), durability);
    }

    @Override
    public void hold(RequestToken token) throws SrmException {
        if (leases.isEmpty()) {
            return;
        }
        FrontendLease mine = leases.get().current();
        db.write(c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE srm_request SET frontend = ?, lease_epoch = ? WHERE token = ?")) {
                s.setString(1, mine.frontend());
                s.setLong(2, mine.epoch());
                s.setString(3, token.value());
                return s.executeUpdate();
            }
        });
        postgres.forget(token);
    }

    private Request apply(Connection c, RequestToken token, RequestChange change) throws SQLException, SrmException {
        Request kept = recent.inTransaction(token);
        Request before = kept != null ? kept : select(c, token);
        Request after = Rows.stored(Objects.requireNonNull(change.apply(before), "change returned null"));
        requireSameIdentity(before, after);
        if (!sameRequestRow(before, after)) {
            try (PreparedStatement s = c.prepareStatement(Rows.UPDATE_REQUEST)) {
                Rows.bindUpdate(s, after);
                s.executeUpdate();
            }
        }
        List<FileRequest> changed = new ArrayList<>();
        for (int i = 0; i < after.files().size(); i++) {
            if (!after.file(i).equals(before.file(i))) {
                changed.add(after.file(i));
            }
        }
        if (!changed.isEmpty()) {
            try (PreparedStatement s = c.prepareStatement(Rows.UPDATE_FILE)) {
                for (FileRequest f : changed) {
                    Rows.bindUpdate(s, token, f);
                    s.addBatch();
                }
                s.executeBatch();
            }
        }
        recent.written(after);
        return after;
    }

    @Override
    public List<RequestToken> findByOwner(Owner owner, Optional<String> description) throws SrmException {
        String sql = "SELECT token FROM srm_request WHERE owner_dn = ? AND owner_account = ?"
                + (description.isPresent() ? " AND description = ?" : "") + " ORDER BY created_at, token";
        return db.read(c -> {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                s.setString(1, owner.dn());
                s.setString(2, owner.account());
                if (description.isPresent()) {
                    s.setString(3, description.get());
                }
                return tokensOf(s);
            }
        });
    }

    @Override
    public List<RequestToken> tokens(Set<RequestState> states) throws SrmException {
        if (states.isEmpty()) {
            return List.of();
        }
        return db.read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT token FROM srm_request WHERE state IN "
                    + inList(states))) {
                return tokensOf(s);
            }
        });
    }

    @Override
    public void forEach(Set<RequestState> states, Consumer<Request> each) throws SrmException {
        if (states.isEmpty()) {
            return;
        }
        db.read(c -> {
            try (PreparedStatement s = c.prepareStatement(Rows.SELECT_REQUESTS + " WHERE r.state IN "
                    + inList(states) + " ORDER BY r.token, f.idx");
                 ResultSet rs = s.executeQuery()) {
                Rows.readAll(rs, each);
            }
            return null;
        });
    }

    /** {@code ('A', 'B')}: enum names only, never client text. */
    private static String inList(Set<RequestState> states) {
        return states.stream().map(x -> "'" + x.name() + "'").collect(Collectors.joining(", ", "(", ")"));
    }

    @Override
    public List<RequestToken> expired(Instant now, int limit) throws SrmException {
        return db.read(c -> {
            try (PreparedStatement s = c.prepareStatement(EXPIRED)) {
                s.setLong(1, now.toEpochMilli());
                s.setLong(2, now.toEpochMilli());
                s.setInt(3, limit);
                return tokensOf(s);
            }
        });
    }

    @Override
    public int purgeFinished(Instant before) throws SrmException {
        int count = db.write(c -> {
            try (PreparedStatement files = c.prepareStatement("DELETE FROM srm_file_request WHERE token IN "
                    + "(SELECT token FROM srm_request WHERE finished_at IS NOT NULL AND finished_at < ?)");
                 PreparedStatement requests = c.prepareStatement(
                         "DELETE FROM srm_request WHERE finished_at IS NOT NULL AND finished_at < ?")) {
                files.setLong(1, before.toEpochMilli());
                files.executeUpdate();
                requests.setLong(1, before.toEpochMilli());
                int purged = requests.executeUpdate();
                recent.purged();
                return purged;
            }
        });
        if (postgres != null) {
            postgres.forgetAll();
        }
        return count;
    }

    @Override
    public void ping() throws SrmException {
        db.read(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("SELECT 1");
            }
            return null;
        });
    }

    @Override
    public void close() {
        db.close();
    }

    private static Request select(Connection c, RequestToken token) throws SQLException, SrmException {
        try (PreparedStatement s = c.prepareStatement(Rows.SELECT_REQUEST)) {
            s.setString(1, token.value());
            try (ResultSet rs = s.executeQuery()) {
                Optional<Request> r = Rows.read(rs);
                if (r.isEmpty()) {
                    throw SrmException.invalidRequest("unknown request token");
                }
                return r.get();
            }
        }
    }

    private static List<RequestToken> tokensOf(PreparedStatement s) throws SQLException {
        List<RequestToken> out = new ArrayList<>();
        try (ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.add(new RequestToken(rs.getString(1)));
            }
        }
        return out;
    }

    static void requireSameIdentity(Request before, Request after) {
        if (!after.token().equals(before.token()) || after.kind() != before.kind()
                || !after.owner().equals(before.owner()) || !after.createdAt().equals(before.createdAt())
                || after.files().size() != before.files().size()) {
            throw new IllegalStateException("a change may not alter a request's token, kind, owner, creation "
                    + "time or number of files");
        }
    }

    private static boolean sameRequestRow(Request a, Request b) {
        return a.state() == b.state() && a.description().equals(b.description())
                && a.parameters().equals(b.parameters()) && a.explanation().equals(b.explanation())
                && a.expiresAt().equals(b.expiresAt()) && a.finishedAt().equals(b.finishedAt());
    }
}
