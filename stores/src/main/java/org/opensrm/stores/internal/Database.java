package org.opensrm.stores.internal;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import org.opensrm.common.SrmException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Connections to one request database, and the one place where a failure of the database becomes
 * {@code SRM_INTERNAL_ERROR}. Reads run as single statements on the read pool (SQLite: with the statements each
 * pooled connection keeps, {@link ReaderStatements}). Writes: SQLite through the one {@link GroupCommitWriter}
 * (SQLite has one writer at a time anyway; sharing commits is what makes it fast);
 * PostgreSQL each in its own transaction on the same pool as reads, the request's row locked first
 * ({@link #lockRows}), or as one statement that commits by itself ({@link #writeOneStatement}).
 */
public final class Database implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Database.class);

    /**
     * Hears how each transaction of the embedded store's group-commit writer ended, in the writer's thread, in
     * commit order, before any caller whose write it held returns.
     */
    public interface CommitListener {
        /** Nothing to hear: PostgreSQL, and embedded databases nothing keeps in step with. */
        CommitListener NONE = new CommitListener() {
            @Override
            public void committed() {
            }

            @Override
            public void rolledBack() {
            }
        };

        /** Every write of the batch that returned without an exception is now committed. */
        void committed();

        /** Nothing of the batch is kept, or it is not known what was (a failed commit). */
        void rolledBack();
    }

    /** Work on one connection. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection c) throws SQLException, SrmException;
    }

    private final String name;
    private final HikariDataSource readPool;
    private final HikariDataSource writePool;
    private final GroupCommitWriter groupWriter;
    private final boolean lockRows;
    private final ReaderStatements readerStatements;

    /** Reads and writes from one pool, each write its own transaction (PostgreSQL). */
    Database(String name, HikariDataSource pool) {
        this(name, pool, pool, null, true);
    }

    /** Reads from a pool, writes through one group-committing writer (SQLite). */
    Database(String name, HikariDataSource readPool, GroupCommitWriter writer) {
        this(name, readPool, null, writer, false);
    }

    private Database(String name, HikariDataSource readPool, HikariDataSource writePool,
                     GroupCommitWriter groupWriter, boolean lockRows) {
        this.name = name;
        this.readPool = readPool;
        this.writePool = writePool;
        this.groupWriter = groupWriter;
        this.lockRows = lockRows;
        this.readerStatements = groupWriter != null ? new ReaderStatements() : null;
    }

    /**
     * Whether a write must lock the request's row before it reads it (PostgreSQL, where writers run side by side;
     * a separate statement, so that the read after it sees what the writer before it committed). SQLite writes
     * one at a time anyway.
     */
    public boolean lockRows() {
        return lockRows;
    }

    public <T> T read(Work<T> work) throws SrmException {
        try (Connection c = readPool.getConnection()) {
            if (readerStatements == null) {
                return work.run(c);
            }
            try {
                return work.run(readerStatements.of(c));
            } catch (SQLException | RuntimeException e) {
                readerStatements.forget(c);
                throw e;
            }
        } catch (SQLException e) {
            throw unavailable(e);
        }
    }

    /** Runs {@code work} in a transaction and returns once it committed. */
    public <T> T write(Work<T> work) throws SrmException {
        try {
            return groupWriter != null ? groupWriter.write(work) : writeAlone(work);
        } catch (SQLException e) {
            throw unavailable(e);
        }
    }

    /**
     * Runs {@code work}, one statement that is its own transaction (autocommit), and returns once it committed:
     * PostgreSQL's writes of one round trip ({@link PostgresRequests}). Not for the embedded store, whose writes all
     * go through its one writer.
     */
    public <T> T writeOneStatement(Work<T> work) throws SrmException {
        if (groupWriter != null) {
            throw new IllegalStateException("the embedded store writes through its group-commit writer");
        }
        try (Connection c = writePool.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw unavailable(e);
        }
    }

    private <T> T writeAlone(Work<T> work) throws SQLException, SrmException {
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
        }
    }

    /** Writes waiting for the group-commit writer (tests: to line writes up in one batch); 0 without one. */
    int queuedWrites() {
        return groupWriter != null ? groupWriter.queued() : 0;
    }

    private SrmException unavailable(SQLException e) {
        if (DiskFull.of(e)) {
            LOG.warn("request store {} cannot write, its disk is full: {}", name, e.toString());
            return SrmException.internal("the request store's disk is full: the request was not recorded; retry "
                    + "later", e);
        }
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
        if (groupWriter != null) {
            groupWriter.close();
        }
        readPool.close();
    }
}
