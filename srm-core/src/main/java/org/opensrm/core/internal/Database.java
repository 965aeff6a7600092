package org.opensrm.core.internal;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import org.opensrm.common.SrmException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Connections to one request database, and the one place where a failure of the database becomes
 * {@code SRM_INTERNAL_ERROR}. Reads run as single statements on the read pool; writes run in one transaction on
 * the write pool (SQLite: one connection, transactions begun IMMEDIATE, so writers queue in the pool rather than
 * retry on a busy database; PostgreSQL: the same pool as reads, the request's row locked first, see {@link #lockRows}).
 */
public final class Database implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Database.class);

    /** Work on one connection. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection c) throws SQLException, SrmException;
    }

    private final String name;
    private final HikariDataSource readPool;
    private final HikariDataSource writePool;
    private final boolean lockRows;

    Database(String name, HikariDataSource readPool, HikariDataSource writePool, boolean lockRows) {
        this.name = name;
        this.readPool = readPool;
        this.writePool = writePool;
        this.lockRows = lockRows;
    }

    /**
     * Whether a write must lock the request's row before it reads it (PostgreSQL, where writers run side by side;
     * a separate statement, so that the read after it sees what the writer before it committed). SQLite writes
     * one at a time anyway.
     */
    boolean lockRows() {
        return lockRows;
    }

    <T> T read(Work<T> work) throws SrmException {
        try (Connection c = readPool.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw unavailable(e);
        }
    }

    <T> T write(Work<T> work) throws SrmException {
        try (Connection c = writePool.getConnection()) {
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | SrmException | RuntimeException e) {
                rollbackQuietly(c);
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw unavailable(e);
        }
    }

    private SrmException unavailable(SQLException e) {
        LOG.warn("request store {} unavailable: {}", name, e.toString());
        return SrmException.internal("request store unavailable", e);
    }

    private static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the connection is broken; the pool drops it
        }
    }

    @Override
    public void close() {
        if (writePool != readPool) {
            writePool.close();
        }
        readPool.close();
    }
}
