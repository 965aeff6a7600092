package org.opensrm.stores.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.core.FileState;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestStore;
import org.opensrm.core.TokenGenerator;
import org.opensrm.stores.PostgresFixture;
import org.opensrm.stores.SharedPostgres;

/**
 * A frontend that hangs inside a transaction on a real PostgreSQL ({@code srm.store.postgresql.idle.in.transaction
 * .timeout}): the server ends its session after the timeout, rolling the transaction back, so the request row it
 * locked is free again and another frontend's change of that request goes through; the hung frontend's store serves
 * again on a new connection once it comes back.
 */
@Tag("integration")
class IdleInTransactionTest {
    @RegisterExtension
    static final SharedPostgres PG = new SharedPostgres();
    private static final Duration IDLE = Duration.ofSeconds(1);
    private static final long WAIT_SECONDS = 20;

    @Test
    void aTransactionLeftOpenByAHungFrontendIsEndedByTheServerAndItsRowLockWithIt() throws Exception {
        PostgresFixture fixture = PG.newFixture(2);
        ExecutorService hangs = Executors.newSingleThreadExecutor();
        try (Database hung = Databases.postgres(fixture.configured().idleInTransactionTimeout(IDLE).build());
             Database live = Databases.postgres(fixture.configured().build());
             Connection probe = fixture.connect()) {
            RequestStore store = new JdbcRequestStore(live, Clock.systemUTC(), new TokenGenerator());
            Request made = store.create(new NewRequest(RequestKind.GET, Owner.of("/CN=Alice", "srmuser1"),
                    Optional.empty(), Map.of(), Duration.ofHours(1), List.of(NewFile.of("srm://h/data/f"))));
            assertEquals("5s", live.read(IdleInTransactionTest::show), "the default on the store's connections");

            CountDownLatch locked = new CountDownLatch(1);
            CountDownLatch comesBack = new CountDownLatch(1);
            Future<SQLException> frontend = hangs.submit(() -> hung.read(c -> {
                assertEquals("1s", show(c));
                c.setAutoCommit(false);
                try (PreparedStatement s = c.prepareStatement(
                        "SELECT token FROM srm_request WHERE token = ? FOR UPDATE")) {
                    s.setString(1, made.token().value());
                    s.executeQuery().close();
                }
                locked.countDown();
                hangUntil(comesBack); // the frontend hangs here, inside its transaction, holding the row's lock
                try (Statement s = c.createStatement()) {
                    s.execute("SELECT 1");
                    return null;
                } catch (SQLException ended) {
                    return ended;
                }
            }));
            assertTrue(locked.await(WAIT_SECONDS, TimeUnit.SECONDS), "the hung frontend never locked the row");
            assertFalse(lockable(probe, made), "the row is locked by the hung frontend's transaction");

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
            while (!lockable(probe, made)) {
                if (System.nanoTime() > deadline) {
                    fail("the server did not end the idle transaction within " + WAIT_SECONDS + " s");
                }
                TimeUnit.MILLISECONDS.sleep(50); // the pause of a poll until the server ended the session
            }
            Request changed = store.update(made.token(), r -> r.withFile(0, f -> f.moveTo(FileState.IN_PROGRESS),
                    java.time.Instant.now()));
            assertEquals(FileState.IN_PROGRESS, changed.file(0).state(), "the other frontend's change went through");
            assertEquals(0, idleInTransaction(probe), "no session of the store is left idle in a transaction");

            comesBack.countDown();
            SQLException ended = frontend.get(WAIT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(ended, "the hung frontend's session was ended by the server");
            assertTrue("25P03".equals(ended.getSQLState()) || String.valueOf(ended.getSQLState()).startsWith("08"),
                    ended.getSQLState() + " " + ended.getMessage());
            assertEquals(1, (int) hung.read(c -> {
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
                    rs.next();
                    return rs.getInt(1);
                }
            }), "the hung frontend's store serves again on a new connection");
        } finally {
            hangs.shutdownNow();
        }
    }

    private static void hangUntil(CountDownLatch latch) {
        try {
            if (!latch.await(WAIT_SECONDS * 2, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never let the hung frontend come back");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String show(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW idle_in_transaction_session_timeout")) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** Whether the request's row can be locked now (without waiting), on a connection of the test's own. */
    private static boolean lockable(Connection c, Request r) throws SQLException {
        c.setAutoCommit(false);
        try (PreparedStatement s = c.prepareStatement(
                "SELECT token FROM srm_request WHERE token = ? FOR UPDATE NOWAIT")) {
            s.setString(1, r.token().value());
            s.executeQuery().close();
            return true;
        } catch (SQLException e) {
            if ("55P03".equals(e.getSQLState())) { // lock_not_available
                return false;
            }
            throw e;
        } finally {
            c.rollback();
            c.setAutoCommit(true);
        }
    }

    private static int idleInTransaction(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity"
                + " WHERE application_name = 'opensrm' AND datname = current_database()"
                + " AND state LIKE 'idle in transaction%'")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
