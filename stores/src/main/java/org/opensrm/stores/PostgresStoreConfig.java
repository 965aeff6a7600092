package org.opensrm.stores;

import java.time.Duration;
import java.util.Objects;

/**
 * How to reach the PostgreSQL database that several frontends share. Immutable; build with {@link #builder}.
 *
 * @param jdbcUrl        {@code jdbc:postgresql://host:port/database} (required)
 * @param user           the database role (required)
 * @param password       its password; empty for none (never logged)
 * @param poolSize       connections kept open (default {@value #DEFAULT_POOL_SIZE}: 16 concurrent clients with the
 *                       engine's workers and the reaper, without waiting for a connection; at least 1)
 * @param connectTimeout how long a call waits for a connection before it fails with SRM_INTERNAL_ERROR
 *                       (default 2 s; at least 250 ms)
 * @param queryTimeout   how long one statement may wait on the database (default 10 s); the client gives up
 *                       then, the server is not asked to cancel it (a statement cancelled while its commit waits
 *                       for a synchronous standby is reported committed: it would acknowledge what a promotion
 *                       can lose)
 * @param idleInTransactionTimeout PostgreSQL's {@code idle_in_transaction_session_timeout} on this store's
 *                       connections: a session left inside a transaction for that long (its frontend hung or paused
 *                       mid-transaction) is ended by the server, its transaction rolled back and its row locks
 *                       released (default 5 s, below the query timeout,
 *                       so that a statement waiting for such a lock gets it before it gives up; zero: the
 *                       database's own setting, off by default; else at least 1 s)
 */
public record PostgresStoreConfig(String jdbcUrl, String user, String password, int poolSize,
                                  Duration connectTimeout, Duration queryTimeout, Duration idleInTransactionTimeout) {
    /**
     * Enough for 16 concurrent clients, the engine's workers and the reaper: with 8, 16 clients made 31 get cycles
     * per second on PostgreSQL, with 24 they made 113 (docs/performance.md). Several frontends together must stay
     * below PostgreSQL's max_connections (100 by default).
     */
    public static final int DEFAULT_POOL_SIZE = 24;
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(2);
    public static final Duration DEFAULT_QUERY_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT = Duration.ofSeconds(5);

    public PostgresStoreConfig {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        if (!jdbcUrl.startsWith("jdbc:postgresql://")) {
            throw new IllegalArgumentException("jdbcUrl must start with jdbc:postgresql://");
        }
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        if (poolSize < 1) {
            throw new IllegalArgumentException("poolSize must be at least 1");
        }
        if (connectTimeout.toMillis() < 250) {
            throw new IllegalArgumentException("connectTimeout must be at least 250 ms");
        }
        if (queryTimeout.toSeconds() < 1) {
            throw new IllegalArgumentException("queryTimeout must be at least 1 s");
        }
        Objects.requireNonNull(idleInTransactionTimeout, "idleInTransactionTimeout");
        if (!idleInTransactionTimeout.isZero() && idleInTransactionTimeout.toSeconds() < 1) {
            throw new IllegalArgumentException("idleInTransactionTimeout must be zero (the database's setting) or at"
                    + " least 1 s");
        }
    }

    public static Builder builder(String jdbcUrl, String user) {
        return new Builder(jdbcUrl, user);
    }

    @Override
    public String toString() {
        return "PostgresStoreConfig[" + jdbcUrl + ", user=" + user + ", poolSize=" + poolSize + "]";
    }

    /** Starts from the documented defaults. */
    public static final class Builder {
        private final String jdbcUrl;
        private final String user;
        private String password = "";
        private int poolSize = DEFAULT_POOL_SIZE;
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        private Duration queryTimeout = DEFAULT_QUERY_TIMEOUT;
        private Duration idleInTransactionTimeout = DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT;

        private Builder(String jdbcUrl, String user) {
            this.jdbcUrl = jdbcUrl;
            this.user = user;
        }

        public Builder password(String value) {
            this.password = value;
            return this;
        }

        public Builder poolSize(int value) {
            this.poolSize = value;
            return this;
        }

        public Builder connectTimeout(Duration value) {
            this.connectTimeout = value;
            return this;
        }

        public Builder queryTimeout(Duration value) {
            this.queryTimeout = value;
            return this;
        }

        public Builder idleInTransactionTimeout(Duration value) {
            this.idleInTransactionTimeout = value;
            return this;
        }

        public PostgresStoreConfig build() {
            return new PostgresStoreConfig(jdbcUrl, user, password, poolSize, connectTimeout, queryTimeout,
                    idleInTransactionTimeout);
        }
    }
}
