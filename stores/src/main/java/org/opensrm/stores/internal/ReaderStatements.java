package org.opensrm.stores.internal;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * The embedded read pool's prepared statements, kept per pooled connection: SQLite compiles a statement on every
 * {@code prepareStatement} (a request's select: about 30 µs, twice its run), and neither its driver nor the pool
 * keeps one. A borrowed connection is handed to the store's code as its physical connection with a
 * {@link StatementCache} of its own; a pooled connection is used by one caller at a time, as a cache must be. A
 * cache is dropped when a read on its connection fails, and with its connection once the pool has closed that.
 */
final class ReaderStatements {
    private final Map<Connection, StatementCache> byConnection = new HashMap<>(); // guarded by this

    /** {@code pooled}, borrowed from the pool, as the store's code is to use it. */
    Connection of(Connection pooled) throws SQLException {
        Connection physical = pooled.unwrap(Connection.class);
        synchronized (this) {
            StatementCache kept = byConnection.get(physical);
            if (kept == null) {
                byConnection.keySet().removeIf(ReaderStatements::closed);
                kept = new StatementCache(physical);
                byConnection.put(physical, kept);
            }
            return kept.connection();
        }
    }

    /** Forgets the statements of {@code pooled} (a read on it failed: none is reused in an unknown state). */
    void forget(Connection pooled) {
        try {
            Connection physical = pooled.unwrap(Connection.class);
            StatementCache kept;
            synchronized (this) {
                kept = byConnection.remove(physical);
            }
            if (kept != null) {
                kept.close();
            }
        } catch (SQLException e) {
            // the connection is broken; the pool drops it and the next miss sweeps it
        }
    }

    private static boolean closed(Connection c) {
        try {
            return c.isClosed();
        } catch (SQLException e) {
            return true;
        }
    }
}
