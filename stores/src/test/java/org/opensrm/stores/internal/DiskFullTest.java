package org.opensrm.stores.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which database failures say that the disk is full: SQLite's own, PostgreSQL's SQLSTATE, and no other. */
class DiskFullTest {
    @TempDir
    Path dir;

    /** A real SQLITE_FULL from the driver: a database limited to two pages cannot take a third. */
    @Test
    void sqliteFullIsDiskFull() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("tiny.db"));
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (x TEXT)");
            s.execute("PRAGMA max_page_count = 2");
            SQLException full = null;
            try {
                s.execute("INSERT INTO t VALUES (printf('%.*c', 100000, 'x'))");
            } catch (SQLException e) {
                full = e;
            }
            assertTrue(full != null && DiskFull.of(full), String.valueOf(full));
        }
    }

    @Test
    void postgresDiskFullIsDiskFull() {
        assertTrue(DiskFull.of(new SQLException("could not extend file: No space left on device", "53100")));
        assertTrue(DiskFull.of(new SQLException("wrapped", new SQLException("no space", "53100"))));
    }

    @Test
    void otherFailuresAreNot() throws Exception {
        assertFalse(DiskFull.of(new SQLException("connection refused", "08001")));
        assertFalse(DiskFull.of(new SQLException("too many connections", "53300")));
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("other.db"));
             Statement s = c.createStatement()) {
            SQLException e = null;
            try {
                s.execute("SELECT * FROM missing");
            } catch (SQLException x) {
                e = x;
            }
            assertFalse(DiskFull.of(e), String.valueOf(e));
        }
    }
}
