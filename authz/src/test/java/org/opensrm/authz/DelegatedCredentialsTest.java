package org.opensrm.authz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.devpki.ProxyStyle;
import org.opensrm.testkit.ShiftedClock;

class DelegatedCredentialsTest {
    static final String ALICE = "/DC=test/O=OpenSRM/CN=Alice";

    @TempDir
    static Path dir;
    static DevPki pki;
    static Credential alice;

    final ShiftedClock clock = new ShiftedClock();
    final DelegatedCredentials store = new DelegatedCredentials(clock);

    @BeforeAll
    static void pki() throws Exception {
        pki = DevPki.openOrCreate(dir.resolve("ca"), "CN=OpenSRM Dev CA,O=OpenSRM,DC=test");
        alice = pki.issueUser("Alice", Duration.ofDays(1));
    }

    static DelegatedCredential delegation(Duration lifetime) {
        Credential proxy = pki.proxy(alice, lifetime, ProxyStyle.RFC3820);
        return new DelegatedCredential(ALICE, proxy.key(), proxy.chain());
    }

    @Test
    void aConnectionSeesItsOwnDelegationUntilItCloses() {
        Object connection = new Object();
        DelegatedCredential c = delegation(Duration.ofHours(1));
        store.delegated(connection, c);
        assertSame(c, store.ofConnection(connection).orElseThrow());
        assertTrue(store.ofConnection(new Object()).isEmpty());
        assertEquals(1, store.size());
        store.connectionClosed(connection);
        store.connectionClosed(connection);
        assertTrue(store.ofConnection(connection).isEmpty());
        assertEquals(0, store.size(), "forgotten once nothing holds it");
    }

    @Test
    void aLeaseOutlivesTheConnectionAndFollowsRenewals() {
        Object first = new Object();
        DelegatedCredential old = delegation(Duration.ofHours(1));
        store.delegated(first, old);
        DelegatedCredentials.Lease lease = store.lease(ALICE).orElseThrow();
        store.connectionClosed(first);
        assertSame(old, lease.credential().orElseThrow(), "held by the lease after the connection closed");

        Object second = new Object();
        DelegatedCredential renewed = delegation(Duration.ofHours(2));
        store.delegated(second, renewed);
        assertSame(renewed, lease.credential().orElseThrow(), "a later delegation of the DN renews it");
        store.connectionClosed(second);
        assertEquals(1, store.size());
        lease.close();
        lease.close();
        assertTrue(lease.credential().isEmpty());
        assertEquals(0, store.size(), "the last lease closed: forgotten");
    }

    @Test
    void noLeaseWithoutADelegation() {
        assertTrue(store.lease(ALICE).isEmpty());
        assertTrue(store.lease("/DC=test/O=OpenSRM/CN=Bob").isEmpty());
    }

    @Test
    void anExpiredCredentialIsNeverHandedOutAndIsPurged() {
        Object connection = new Object();
        DelegatedCredential shortLived = delegation(Duration.ofSeconds(2));
        store.delegated(connection, shortLived);
        DelegatedCredentials.Lease lease = store.lease(ALICE).orElseThrow();
        clock.advance(Duration.ofSeconds(3)); // past its 2 s (certificate times have whole seconds)
        assertTrue(shortLived.expiredAt(clock.instant()));
        assertTrue(store.ofConnection(connection).isEmpty());
        assertTrue(lease.credential().isEmpty());
        assertTrue(store.lease(ALICE).isEmpty());
        assertEquals(2, store.purgeExpired(), "the connection's and the DN's");
        assertEquals(1, store.size(), "the lease still holds the DN, waiting for a renewal");

        DelegatedCredential renewed = delegation(Duration.ofHours(1));
        Object again = new Object();
        store.delegated(again, renewed);
        assertSame(renewed, lease.credential().orElseThrow());
        lease.close();
        store.connectionClosed(again);
        assertEquals(0, store.size());
    }

    @Test
    void toStringNamesTheDnNeverTheKey() {
        DelegatedCredential c = delegation(Duration.ofHours(1));
        String s = c.toString() + store.lease(ALICE);
        assertTrue(c.toString().contains(ALICE), s);
        assertFalse(s.toLowerCase().contains("modulus") || s.toLowerCase().contains("private"), s);
    }
}
