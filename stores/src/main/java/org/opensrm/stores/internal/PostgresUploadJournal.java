package org.opensrm.stores.internal;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.core.service.UploadJournal;

/** The shared journal of uploads in the PostgreSQL store ({@code srm_upload}, migration V4.1). */
public final class PostgresUploadJournal implements UploadJournal {
    private static final String COLUMNS = "upload, target, account_name, uid, gid, groups, expires_at";
    private static final String PUT = "INSERT INTO srm_upload (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?) "
            + "ON CONFLICT (upload) DO UPDATE SET target = EXCLUDED.target, account_name = EXCLUDED.account_name, "
            + "uid = EXCLUDED.uid, gid = EXCLUDED.gid, groups = EXCLUDED.groups, expires_at = EXCLUDED.expires_at";
    private static final String OPEN_TO = "SELECT " + COLUMNS + " FROM srm_upload WHERE target = ? AND expires_at > ?"
            + " ORDER BY expires_at DESC LIMIT 1";
    /** A target below the directory: a prefix match, with LIKE's wildcards in the path escaped. */
    private static final String OPEN_BELOW = "SELECT target FROM srm_upload WHERE target LIKE ? ESCAPE '\\' "
            + "AND expires_at > ?";

    private final Database db;

    PostgresUploadJournal(Database db) {
        this.db = db;
    }

    @Override
    public void put(Entry e) throws SrmException {
        db.write(c -> {
            try (PreparedStatement s = c.prepareStatement(PUT)) {
                s.setString(1, e.upload().toString());
                s.setString(2, e.target().map(SrmPath::toString).orElse(null));
                s.setString(3, e.account().name());
                s.setInt(4, e.account().uid());
                s.setInt(5, e.account().gid());
                s.setString(6, groups(e.account().groups()));
                s.setLong(7, e.expires().toEpochMilli());
                return s.executeUpdate();
            }
        });
    }

    @Override
    public void remove(SrmPath upload) throws SrmException {
        db.write(c -> {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM srm_upload WHERE upload = ?")) {
                s.setString(1, upload.toString());
                return s.executeUpdate();
            }
        });
    }

    @Override
    public Optional<Entry> get(SrmPath upload) throws SrmException {
        return one("SELECT " + COLUMNS + " FROM srm_upload WHERE upload = ?", upload.toString(), null);
    }

    @Override
    public Optional<Entry> openTo(SrmPath target, Instant now) throws SrmException {
        return one(OPEN_TO, target.toString(), now);
    }

    @Override
    public boolean openInto(SrmPath directory, boolean below, Instant now) throws SrmException {
        String prefix = directory.isRoot() ? "/" : directory + "/";
        return db.read(c -> {
            try (PreparedStatement s = c.prepareStatement(OPEN_BELOW)) {
                s.setString(1, likeEscaped(prefix) + "%");
                s.setLong(2, now.toEpochMilli());
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        String rest = rs.getString(1).substring(prefix.length());
                        if (!rest.isEmpty() && (below || rest.indexOf('/') < 0)) {
                            return true;
                        }
                    }
                }
            }
            return false;
        });
    }

    @Override
    public List<Entry> expired(Instant now, int limit) throws SrmException {
        return db.read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS
                    + " FROM srm_upload WHERE expires_at <= ? ORDER BY expires_at LIMIT ?")) {
                s.setLong(1, now.toEpochMilli());
                s.setInt(2, limit);
                List<Entry> out = new ArrayList<>();
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(entry(rs));
                    }
                }
                return out;
            }
        });
    }

    @Override
    public int size() throws SrmException {
        return db.read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT count(*) FROM srm_upload");
                 ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        });
    }

    private Optional<Entry> one(String sql, String key, Instant now) throws SrmException {
        return db.read(c -> {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                s.setString(1, key);
                if (now != null) {
                    s.setLong(2, now.toEpochMilli());
                }
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? Optional.of(entry(rs)) : Optional.empty();
                }
            }
        });
    }

    private static Entry entry(ResultSet rs) throws SQLException, SrmException {
        Set<Integer> groups = new HashSet<>();
        for (String g : rs.getString(6).split(",")) {
            if (!g.isEmpty()) {
                groups.add(Integer.parseInt(g));
            }
        }
        String target = rs.getString(2);
        return new Entry(new Account(rs.getString(3), rs.getInt(4), rs.getInt(5), groups),
                target == null ? Optional.empty() : Optional.of(SrmPath.of(target)), SrmPath.of(rs.getString(1)),
                Instant.ofEpochMilli(rs.getLong(7)));
    }

    private static String groups(Set<Integer> groups) {
        StringBuilder b = new StringBuilder();
        for (int g : groups) {
            b.append(b.length() == 0 ? "" : ",").append(g);
        }
        return b.toString();
    }

    private static String likeEscaped(String s) {
        return s.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
