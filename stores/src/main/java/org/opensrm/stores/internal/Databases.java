package org.opensrm.stores.internal;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.SQLExceptionOverride;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.opensrm.common.SrmException;
import org.opensrm.stores.PostgresStoreConfig;
import org.postgresql.ds.PGSimpleDataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/** Opens the two engines, each brought to the current schema by Flyway before the first request. */
public final class Databases {
    private static final Logger LOG = LoggerFactory.getLogger(Databases.class);
    private static final String MIGRATIONS = "classpath:org/opensrm/stores/db/migration";
    /** Readers of the embedded store at once (WAL lets them read while the one writer writes). */
    private static final int SQLITE_READERS = 4;
    /** How long a caller of the embedded store waits for the writer before SRM_INTERNAL_ERROR. */
    private static final long SQLITE_WAIT_MS = 10_000;

    /**
     * A session the server ended (idle in a transaction, or idle, for longer than its timeout) is dropped from the
     * pool at once, instead of being handed to the next caller to fail again.
     */
    private static final SQLExceptionOverride ENDED_SESSIONS = new SQLExceptionOverride() {
        @java.lang.Override
        public SQLExceptionOverride.Override adjudicate(SQLException e) {
            String state = e.getSQLState();
            return "25P03".equals(state) || "57P05".equals(state) ? SQLExceptionOverride.Override.MUST_EVICT
                    : SQLExceptionOverride.Override.CONTINUE_EVICT;
        }
    };

    private Databases() {
    }

    public static Database sqlite(Path file) throws SrmException {
        return sqlite(file, Database.CommitListener.NONE);
    }

    /** The embedded database in {@code file}, whose writer tells {@code listener} how each transaction ended. */
    public static Database sqlite(Path file, Database.CommitListener listener) throws SrmException {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw SrmException.internal("cannot make the state directory " + file.getParent(), e);
        }
        String url = "jdbc:sqlite:" + file.toAbsolutePath();
        migrate(sqliteSource(url), "embedded " + file);
        HikariDataSource readers = pool("srm-store-read", sqliteSource(url),
                SQLITE_READERS, SQLITE_WAIT_MS);
        try {
            GroupCommitWriter writer = new GroupCommitWriter(file.getFileName().toString(),
                    sqliteSource(url).getConnection(),
                    sqliteSource(url).getConnection(), SQLITE_WAIT_MS, listener);
            return new Database("embedded " + file, readers, writer);
        } catch (SQLException e) {
            readers.close();
            throw SrmException.internal("request store cannot be opened", e);
        }
    }

    /**
     * Brings the database to the current schema on connections of its own (Flyway holds two at once on PostgreSQL:
     * its lock and its migration), then opens the pool, so that a pool of any size, one connection included, opens.
     */
    public static Database postgres(PostgresStoreConfig config) throws SrmException {
        PGSimpleDataSource source = postgresSource(config);
        try (Connection probe = source.getConnection()) {
            // reachable: the migrations below fail only for what they do
        } catch (SQLException e) {
            throw unreachable(config, e);
        }
        migrate(source, config.jdbcUrl());
        HikariConfig hc = new HikariConfig();
        hc.setPoolName("srm-store-pg");
        hc.setDataSource(source);
        hc.setMaximumPoolSize(config.poolSize());
        hc.setConnectionTimeout(config.connectTimeout().toMillis());
        hc.setValidationTimeout(Math.min(1000, config.connectTimeout().toMillis()));
        hc.setInitializationFailTimeout(config.connectTimeout().toMillis());
        if (!config.idleInTransactionTimeout().isZero()) { // the pool's sessions only: never the migrations'
            hc.setConnectionInitSql("SET idle_in_transaction_session_timeout = "
                    + config.idleInTransactionTimeout().toMillis());
        }
        hc.setExceptionOverride(ENDED_SESSIONS);
        try {
            return new Database(config.jdbcUrl(), new HikariDataSource(hc));
        } catch (RuntimeException e) {
            throw unreachable(config, e);
        }
    }

    /** Unpooled connections to the database: the migrations' own, and what the pool keeps open. */
    private static PGSimpleDataSource postgresSource(PostgresStoreConfig config) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(config.jdbcUrl());
        ds.setUser(config.user());
        ds.setPassword(config.password());
        ds.setConnectTimeout((int) Math.max(1, config.connectTimeout().toSeconds()));
        ds.setSocketTimeout((int) config.queryTimeout().toSeconds());
        ds.setTcpKeepAlive(true);
        ds.setApplicationName("opensrm");
        return ds;
    }

    private static SrmException unreachable(PostgresStoreConfig config, Exception e) {
        LOG.warn("request store {} unreachable: {}", config.jdbcUrl(), e.toString());
        return SrmException.internal("request store unreachable", e);
    }

    private static void migrate(DataSource source, String name) throws SrmException {
        try {
            var result = Flyway.configure().dataSource(source).locations(MIGRATIONS).load().migrate();
            LOG.info("request store {} at schema version {} ({} migrations applied)", name,
                    result.targetSchemaVersion, result.migrationsExecuted);
        } catch (FlywayException e) {
            LOG.warn("request store {} cannot be migrated: {}", name, e.toString());
            throw SrmException.internal("request store cannot be opened", e);
        }
    }

    private static SQLiteDataSource sqliteSource(String url) {
        SQLiteConfig c = new SQLiteConfig();
        c.setJournalMode(SQLiteConfig.JournalMode.WAL);
        // With WAL, NORMAL loses nothing when the process dies (a commit is in the WAL file when it returns);
        // only an operating-system crash or power loss can lose the last commits, never corrupt the database.
        c.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
        c.enforceForeignKeys(true);
        c.setBusyTimeout((int) SQLITE_WAIT_MS);
        SQLiteDataSource ds = new SQLiteDataSource(c);
        ds.setUrl(url);
        return ds;
    }

    private static HikariDataSource pool(String name, DataSource source, int size, long waitMs) {
        HikariConfig hc = new HikariConfig();
        hc.setPoolName(name);
        hc.setDataSource(source);
        hc.setMaximumPoolSize(size);
        hc.setMinimumIdle(size);
        hc.setConnectionTimeout(waitMs);
        return new HikariDataSource(hc);
    }
}
