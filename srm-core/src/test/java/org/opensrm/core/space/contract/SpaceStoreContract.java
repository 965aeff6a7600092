package org.opensrm.core.space.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Owner;
import org.opensrm.core.TokenGenerator;
import org.opensrm.core.contract.TestClock;
import org.opensrm.core.space.AccessLatency;
import org.opensrm.core.space.RetentionPolicy;
import org.opensrm.core.space.SpaceQuota;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceState;
import org.opensrm.core.space.SpaceStore;
import org.opensrm.core.space.SpaceToken;

/**
 * Common ground of the per-operation {@link SpaceStore} contract suites: a fresh fixture and store per test, a
 * clock the test moves, users in two VOs, and helpers.
 */
public abstract class SpaceStoreContract {
    protected static final Instant START = Instant.parse("2030-01-01T00:00:00Z");
    protected static final Duration LIFETIME = Duration.ofHours(1);

    protected final TestClock clock = new TestClock(START);
    protected final TokenGenerator tokens = new TokenGenerator();
    protected final Owner alice = new Owner("/DC=org/DC=example/CN=Alice Example", "srmuser1",
            List.of("/atlas/Role=NULL/Capability=NULL"));
    protected final Owner bob = new Owner("/DC=org/DC=example/CN=Bob Example", "srmuser2",
            List.of("/cms/Role=production"));
    protected SpaceStoreFixture fixture;
    protected SpaceStore store;

    /** A new fixture over empty storage; called before every test. */
    protected abstract SpaceStoreFixture createFixture() throws Exception;

    @BeforeEach
    void openStore() throws Exception {
        fixture = createFixture();
        store = fixture.open(clock);
    }

    @AfterEach
    void closeStore() throws Exception {
        store.close();
        fixture.close();
    }

    /** Closes the store and opens another over the same storage. */
    protected void reopen() throws SrmException {
        store.close();
        store = fixture.open(clock);
    }

    /** A new reserved reservation for {@code owner}'s VO, not yet kept. */
    protected SpaceReservation reservation(Owner owner, String group, long totalBytes, String description) {
        return new SpaceReservation(SpaceToken.random(tokens), owner, Optional.of(group), RetentionPolicy.REPLICA,
                AccessLatency.ONLINE, totalBytes, totalBytes / 2, 0, clock.instant(),
                Optional.of(clock.instant().plus(LIFETIME)), Optional.of(description), SpaceState.RESERVED, false);
    }

    /** Reserves {@code totalBytes} for ATLAS, owned by alice, without limits. */
    protected SpaceReservation created(long totalBytes) throws SrmException {
        return store.create(reservation(alice, "/atlas", totalBytes, "ATLASDATA"), SpaceQuota.UNLIMITED);
    }

    protected static SrmPath path(String p) {
        try {
            return SrmPath.of(p);
        } catch (SrmException e) {
            throw new IllegalArgumentException(e);
        }
    }

    public static void assertStatus(SrmStatus expected, ThrowingCall call) {
        SrmException e = assertThrows(SrmException.class, call::run);
        assertEquals(expected, e.status(), e.getMessage());
    }

    /** A call that may throw. */
    @FunctionalInterface
    public interface ThrowingCall {
        void run() throws Exception;
    }
}
