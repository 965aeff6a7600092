package org.opensrm.stores;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestStore;

/**
 * A PostgreSQL store with a pool of one connection opens (its migrations run on connections of their own, Flyway
 * holding two at once) and serves every kind of call, on a new database and again on the migrated one.
 */
@Tag("integration")
class PostgresPoolOfOneTest {
    @RegisterExtension
    static final SharedPostgres PG = new SharedPostgres();

    @Test
    void aStoreWithAPoolOfOneConnectionOpensAndServes() throws Exception {
        PostgresFixture fixture = PG.newFixture(1);
        assertEquals(1, fixture.config().poolSize());
        Owner alice = Owner.of("/CN=Alice", "srmuser1");
        NewRequest get = new NewRequest(RequestKind.GET, alice, Optional.of("pool-of-one"), java.util.Map.of(),
                Duration.ofHours(1), List.of(NewFile.of("srm://h/f")));
        Request made;
        try (RequestStore store = fixture.open(Clock.systemUTC())) {
            made = store.create(get);
            assertEquals(made, store.loadOwned(made.token(), alice));
            Request suspended = store.update(made.token(),
                    r -> r.moveTo(RequestState.SUSPENDED, "", r.createdAt()));
            assertEquals(RequestState.SUSPENDED, suspended.state());
            assertEquals(List.of(made.token()), store.findByOwner(alice, Optional.of("pool-of-one")));
            assertEquals(List.of(made.token()), store.tokens(EnumSet.of(RequestState.SUSPENDED)));
            assertEquals(List.of(made.token()), store.expired(made.expiresAt(), 10));
            assertEquals(0, store.purgeFinished(Instant.now()));
        }
        try (RequestStore again = fixture.open(Clock.systemUTC())) {
            assertEquals(RequestState.SUSPENDED, again.load(made.token()).state());
        }
    }
}
