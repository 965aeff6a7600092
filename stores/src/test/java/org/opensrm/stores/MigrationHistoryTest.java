package org.opensrm.stores;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.core.RequestStore;
import org.opensrm.core.space.SpaceStore;

/**
 * The schema history a store writes is the one databases made before the stores left srm-core carry (main at
 * 83167c2, migrations in {@code org/opensrm/core/db/migration}): Flyway validates every applied migration's version,
 * description and checksum when a store opens, so a changed script would keep every existing database from opening.
 * The pinned checksums are Flyway's CRC32 of those scripts as main holds them (the same git blobs as here). A new
 * migration adds its row; an existing row never changes.
 */
class MigrationHistoryTest {
    /** version, script, checksum, as in the flyway_schema_history of a database made by main. */
    private static final List<String> MAIN_HISTORY = List.of(
            "1 V1__request_store.sql 19812705",
            "3 V3__space.sql -1107310711",
            "4.1 V4_1__frontend_leases.sql 311085540");

    @TempDir
    Path state;

    @Test
    void theEmbeddedStoreWritesTheHistoryOfDatabasesMadeBeforeTheMove() throws Exception {
        try (RequestStore requests = RequestStores.embedded(state, Clock.systemUTC())) {
            assertEquals(MAIN_HISTORY, history());
        }
    }

    @Test
    void aStoreOpensAgainOverTheHistoryItWrote() throws Exception {
        RequestStores.embedded(state, Clock.systemUTC()).close();
        try (SpaceStore spaces = SpaceStores.embedded(state, Clock.systemUTC());
             RequestStore requests = RequestStores.embedded(state, Clock.systemUTC())) {
            assertEquals(MAIN_HISTORY, history());
        }
    }

    private List<String> history() throws Exception {
        List<String> rows = new ArrayList<>();
        String url = "jdbc:sqlite:" + state.resolve(RequestStores.EMBEDDED_FILE);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT version, script, checksum, success FROM flyway_schema_history"
                     + " ORDER BY installed_rank")) {
            while (r.next()) {
                assertEquals(1, r.getInt("success"), r.getString("script"));
                rows.add(r.getString("version") + " " + r.getString("script") + " " + r.getInt("checksum"));
            }
        }
        return rows;
    }
}
