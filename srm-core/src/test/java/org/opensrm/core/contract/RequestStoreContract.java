package org.opensrm.core.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestStore;
import org.opensrm.core.RequestToken;

/**
 * Common ground of the per-operation {@link RequestStore} contract suites: a fresh fixture and store per test, a
 * clock the test moves, two users and helpers. An implementation binds a suite by extending it and implementing
 * {@link #createFixture}; what it cannot do it declares in its {@link org.opensrm.core.StoreCapabilities}, and
 * the suites then check the declared absence instead: {@code SRM_NOT_SUPPORTED} for an operation, a request served
 * at once by a store that keeps no transitions, an owner shown as nothing but digests by one that keeps no
 * identity.
 */
public abstract class RequestStoreContract {
    protected static final Instant START = Instant.parse("2030-01-01T00:00:00Z");
    protected static final Duration LIFETIME = Duration.ofMinutes(10);

    protected final TestClock clock = new TestClock(START);
    protected final Owner alice = new Owner("/DC=org/DC=example/CN=Alice Example", "srmuser1",
            List.of("/atlas/Role=NULL/Capability=NULL", "/atlas/uk"));
    protected final Owner bob = Owner.of("/DC=org/DC=example/CN=Bob Example", "srmuser2");
    protected StoreFixture fixture;
    protected RequestStore store;

    /** A new fixture over empty storage; called before every test. */
    protected abstract StoreFixture createFixture() throws Exception;

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

    protected Request create(RequestKind kind, Owner owner, int files) throws SrmException {
        List<NewFile> list = new ArrayList<>();
        for (int i = 0; i < files; i++) {
            list.add(new NewFile("srm://localhost:8443/srm/managerv2?SFN=/data/f" + i, Optional.empty(),
                    OptionalLong.of(1000L + i), Duration.ofMinutes(5), Duration.ZERO));
        }
        return store.create(NewRequest.of(kind, owner, LIFETIME, list));
    }

    protected Request create(NewRequest request) throws SrmException {
        return store.create(request);
    }

    protected NewRequest described(RequestKind kind, Owner owner, String description) {
        return new NewRequest(kind, owner, Optional.of(description), Map.of(), LIFETIME,
                List.of(NewFile.of("srm://localhost/data/" + description)));
    }

    /** Serves file {@code index} of the request now, as its kind does. */
    protected Request serve(RequestToken token, int index) throws SrmException {
        Instant now = clock.instant();
        return store.update(token, r -> r.withFile(index,
                f -> f.ready(r.kind(), Optional.of("gsiftp://door.example.org:2811/data/f" + index),
                        f.size(), now), now));
    }

    /**
     * For an operation behind a capability: when the store declares it cannot, checks that the operation answers
     * {@code SRM_NOT_SUPPORTED} and returns true (the test has nothing more to check).
     */
    protected static boolean declaredUnsupported(boolean capability, ThrowingCall call) {
        if (capability) {
            return false;
        }
        assertStatus(SrmStatus.SRM_NOT_SUPPORTED, call);
        return true;
    }

    protected static SrmStatus statusOf(ThrowingCall call) {
        SrmException e = assertThrows(SrmException.class, call::run);
        return e.status();
    }

    protected static void assertStatus(SrmStatus expected, ThrowingCall call) {
        assertEquals(expected, statusOf(call));
    }

    /** A call that may throw. */
    @FunctionalInterface
    public interface ThrowingCall {
        void run() throws Exception;
    }
}
