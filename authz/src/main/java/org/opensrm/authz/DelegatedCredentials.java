package org.opensrm.authz;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The credentials clients delegated, in memory only (never written, never logged), by connection and by DN.
 *
 * <ul>
 * <li>The transport records each delegation with {@link #delegated} under the connection it came on; requests on
 * that connection find it with {@link #ofConnection}. It is also the DN's latest delegation: a later delegation of
 * the same DN, on any connection, replaces it (renewal).</li>
 * <li>Work that outlives the connection (a copy) takes a {@link Lease} on the DN with {@link #lease}: the lease
 * always yields the DN's latest unexpired delegation, so a renewal reaches copies already running.</li>
 * <li>A DN's credential is forgotten as soon as no connection that delegated it is open and no lease holds it
 * ({@link #connectionClosed}, {@link Lease#close}), and at expiry ({@link #purgeExpired}; an expired credential is
 * never handed out even before the purge).</li>
 * </ul>
 * Thread-safe; {@link #ofConnection} (every request) is one lock-free lookup.
 */
public final class DelegatedCredentials {
    private final Clock clock;
    private final ConcurrentHashMap<Object, DelegatedCredential> byConnection = new ConcurrentHashMap<>();
    private final Map<String, Holders> byDn = new HashMap<>();

    public DelegatedCredentials() {
        this(Clock.systemUTC());
    }

    public DelegatedCredentials(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Records a validated delegation made on {@code connection}; it becomes its DN's latest. */
    public synchronized void delegated(Object connection, DelegatedCredential credential) {
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(credential, "credential");
        DelegatedCredential before = byConnection.put(connection, credential);
        if (before != null) {
            release(before.dn());
        }
        Holders h = byDn.computeIfAbsent(credential.dn(), dn -> new Holders());
        h.count++;
        h.latest = credential;
    }

    /** The unexpired credential delegated on {@code connection}, if any. */
    public Optional<DelegatedCredential> ofConnection(Object connection) {
        DelegatedCredential c = byConnection.get(connection);
        return c == null || c.expiredAt(clock.instant()) ? Optional.empty() : Optional.of(c);
    }

    /** The connection closed: its delegation no longer holds its DN's credential. Idempotent. */
    public synchronized void connectionClosed(Object connection) {
        DelegatedCredential c = byConnection.remove(connection);
        if (c != null) {
            release(c.dn());
        }
    }

    /**
     * Holds the DN's credential until the lease is closed. Empty when the DN has no unexpired delegation now
     * (the caller answers that delegation is needed).
     */
    public synchronized Optional<Lease> lease(String dn) {
        Holders h = byDn.get(dn);
        if (h == null || h.latest == null || h.latest.expiredAt(clock.instant())) {
            return Optional.empty();
        }
        h.count++;
        return Optional.of(new Lease(dn));
    }

    /** Forgets every expired credential now; returns how many were dropped. */
    public synchronized int purgeExpired() {
        Instant now = clock.instant();
        int dropped = 0;
        for (Iterator<Map.Entry<Object, DelegatedCredential>> it = byConnection.entrySet().iterator(); it.hasNext();) {
            DelegatedCredential c = it.next().getValue();
            if (c.expiredAt(now)) {
                it.remove();
                release(c.dn());
                dropped++;
            }
        }
        for (Holders h : byDn.values()) {
            if (h.latest != null && h.latest.expiredAt(now)) {
                h.latest = null; // kept while leased, so a renewal still reaches the leases
                dropped++;
            }
        }
        return dropped;
    }

    /** DNs whose credential is held now (by a connection or a lease). */
    public synchronized int size() {
        return byDn.size();
    }

    private void release(String dn) {
        Holders h = byDn.get(dn);
        if (h != null && --h.count <= 0) {
            byDn.remove(dn);
        }
    }

    private synchronized Optional<DelegatedCredential> latest(String dn) {
        Holders h = byDn.get(dn);
        DelegatedCredential c = h == null ? null : h.latest;
        return c == null || c.expiredAt(clock.instant()) ? Optional.empty() : Optional.of(c);
    }

    /** How many connections and leases hold a DN's credential, and its latest delegation. */
    private static final class Holders {
        int count;
        DelegatedCredential latest;
    }

    /** A hold on one DN's delegated credential, for work that outlives the connection it was delegated on. */
    public final class Lease implements AutoCloseable {
        private final String dn;
        private boolean closed;

        private Lease(String dn) {
            this.dn = dn;
        }

        public String dn() {
            return dn;
        }

        /** The DN's latest unexpired delegation; empty once expired (and not renewed) or after {@link #close}. */
        public Optional<DelegatedCredential> credential() {
            synchronized (DelegatedCredentials.this) {
                return closed ? Optional.empty() : latest(dn);
            }
        }

        /** Releases the hold. Idempotent. */
        @Override
        public void close() {
            synchronized (DelegatedCredentials.this) {
                if (!closed) {
                    closed = true;
                    release(dn);
                }
            }
        }

        @Override
        public String toString() {
            return "Lease[" + dn + "]";
        }
    }
}
