package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.opensrm.core.full.FullModeFixture.ALICE;
import static org.opensrm.core.full.FullModeFixture.surl;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.RequestStore;
import org.opensrm.core.service.PutFile;
import org.opensrm.core.service.PutRequest;
import org.opensrm.core.service.RequestOptions;
import org.opensrm.core.service.TransferResult;
import org.opensrm.core.service.UploadJanitor;
import org.opensrm.stores.PostgresFixture;
import org.opensrm.stores.RequestStores;
import org.opensrm.stores.SharedPostgres;

/**
 * A multi-file put whose upload journal fails part-way, on two frontends sharing one real PostgreSQL and its upload
 * journal: the database refuses the journal row of the put's second file (a trigger stands for the failure, a disk
 * full or a constraint), after the first file's was written. The put is refused, and the first file's target must
 * not stay busy for the put that will never write to it: a new put of it through either frontend is accepted.
 */
@Tag("integration")
class PartlyJournaledPutTest extends FullModeTestBase {
    @RegisterExtension
    static final SharedPostgres PG = new SharedPostgres();

    private PostgresFixture db;
    private FullMode a;
    private FullMode b;

    @BeforeEach
    void setUp() throws Exception {
        db = PG.newFixture();
        a = frontend("a");
        b = frontend("b");
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE FUNCTION refuse_upload() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                    + "IF NEW.target LIKE '%/refused%' THEN RAISE EXCEPTION 'journal row refused: %', NEW.target; "
                    + "END IF; RETURN NEW; END $$");
            s.execute("CREATE TRIGGER refuse_upload BEFORE INSERT OR UPDATE ON srm_upload FOR EACH ROW "
                    + "EXECUTE FUNCTION refuse_upload()");
        }
    }

    /** A frontend with the upload journal the store shares, as the server wires one on PostgreSQL. */
    private FullMode frontend(String name) throws Exception {
        RequestStore store = db.openAs(name, fx.clock);
        UploadJanitor shared = new UploadJanitor(fx.backend, RequestStores.sharedUploads(store).orElseThrow(),
                fx.clock);
        return fx.frontend(store, shared, FullModeFixture.config().build(), CopySetup.NONE);
    }

    private static PutRequest put(String... paths) {
        return new PutRequest(List.of(paths).stream().map(p -> new PutFile(surl(p), 10)).toList(), List.of(), false,
                Optional.empty(), Optional.empty(), RequestOptions.NONE);
    }

    @Test
    void aPutWhoseJournalFailsAfterItsFirstFileLeavesThatFilesTargetFree() throws Exception {
        RuntimeException refused = assertThrows(RuntimeException.class,
                () -> a.puts().prepare(ALICE, put("/data/first.root", "/data/refused.root")));
        assertTrue(String.valueOf(refused.getMessage()).contains("upload journal"), refused.toString());
        assertEquals(0, journaled("/data/first.root"), "the first file's journal row is gone again");

        TransferResult throughB = b.puts().prepare(ALICE, put("/data/first.root"));
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, throughB.files().get(0).status(),
                "not SRM_FILE_BUSY through the other frontend: " + throughB.files().get(0).explanation());
        b.control().abort(ALICE, throughB.token(), List.of());
        TransferResult throughA = a.puts().prepare(ALICE, put("/data/first.root"));
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, throughA.files().get(0).status(),
                "nor through the same one: " + throughA.files().get(0).explanation());
    }

    private int journaled(String target) throws Exception {
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM srm_upload WHERE target = '" + target + "'")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
