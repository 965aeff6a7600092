package org.opensrm.core.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The group-commit writer's transaction statements ({@code BEGIN IMMEDIATE}, {@code SAVEPOINT}, {@code RELEASE},
 * {@code ROLLBACK TO}, {@code COMMIT}), compiled once on the writer's connection instead of once per write (SQLite
 * compiles every statement it is given as text: five or six compilations per batch and three per write before).
 * After a failed batch the writer drops them and prepares them again: the driver may have closed one that failed.
 */
final class TransactionControl implements AutoCloseable {
    private final PreparedStatement begin;
    private final PreparedStatement savepoint;
    private final PreparedStatement release;
    private final PreparedStatement rollbackToSavepoint;
    private final PreparedStatement commit;

    TransactionControl(Connection c) throws SQLException {
        PreparedStatement[] made = new PreparedStatement[5];
        String[] sql = {"BEGIN IMMEDIATE", "SAVEPOINT w", "RELEASE w", "ROLLBACK TO w", "COMMIT"};
        try {
            for (int i = 0; i < sql.length; i++) {
                made[i] = c.prepareStatement(sql[i]);
            }
        } catch (SQLException e) {
            closeAll(made);
            throw e;
        }
        begin = made[0];
        savepoint = made[1];
        release = made[2];
        rollbackToSavepoint = made[3];
        commit = made[4];
    }

    void begin() throws SQLException {
        begin.execute();
    }

    /** Opens the savepoint of one write. */
    void savepoint() throws SQLException {
        savepoint.execute();
    }

    /** Ends the savepoint of one write, keeping what it did (or nothing, after {@link #rollbackToSavepoint}). */
    void release() throws SQLException {
        release.execute();
    }

    /** Undoes what the write did since {@link #savepoint}. */
    void rollbackToSavepoint() throws SQLException {
        rollbackToSavepoint.execute();
    }

    void commit() throws SQLException {
        commit.execute();
    }

    @Override
    public void close() {
        closeAll(new PreparedStatement[] {begin, savepoint, release, rollbackToSavepoint, commit});
    }

    private static void closeAll(PreparedStatement[] statements) {
        for (PreparedStatement s : statements) {
            if (s != null) {
                try {
                    s.close();
                } catch (SQLException ignored) {
                    // dropped anyway
                }
            }
        }
    }
}
