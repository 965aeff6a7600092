package org.opensrm.stores.internal;

import java.sql.SQLException;

/**
 * Whether a database failure says that the database's disk is full: SQLite's {@code SQLITE_FULL} (result code 13,
 * "database or disk is full"; its unix VFS answers a write's {@code ENOSPC} with it), PostgreSQL's SQLSTATE
 * {@code 53100} ({@code disk_full}, "could not extend file ...: No space left on device"). Nothing else is.
 */
final class DiskFull {
    private static final int SQLITE_FULL = 13;
    private static final String POSTGRES_DISK_FULL = "53100";

    private DiskFull() {
    }

    static boolean of(SQLException failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException e && (POSTGRES_DISK_FULL.equals(e.getSQLState())
                    || sqlite(e) && (e.getErrorCode() & 0xff) == SQLITE_FULL
                    || String.valueOf(e.getMessage()).contains("SQLITE_FULL"))) {
                return true;
            }
            if (t.getCause() == t) {
                return false;
            }
        }
        return false;
    }

    private static boolean sqlite(SQLException e) {
        return e.getClass().getName().startsWith("org.sqlite.");
    }
}
