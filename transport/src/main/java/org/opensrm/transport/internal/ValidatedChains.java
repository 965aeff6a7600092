package org.opensrm.transport.internal;

import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import eu.emi.security.authn.x509.ValidationResult;
import eu.emi.security.authn.x509.X509CertChainValidator;

/**
 * canl's validation of client chains, remembering the chains that passed: a client that reconnects with the same
 * chain (a reconnect storm; FTS and gfal2 open a connection per operation with one proxy) is not validated again.
 * Only valid results are kept, keyed by the exact DER bytes of every certificate of the chain, and each for at
 * most the shortest of: the earliest {@code notAfter} of the chain, that of the CA certificates that issued its
 * last certificate, and {@code maxAge}. All are forgotten as soon as the validator re-reads its trust directory
 * (canl notifies each CRL it loads; a new set of CA certificates, which it does not notify, is seen by comparing the
 * trusted certificates by identity on each look-up): a revoked or no longer trusted chain is refused from then on,
 * as without this. A refused chain is validated again every time. Thread-safe.
 */
final class ValidatedChains {
    private final X509CertChainValidator validator;
    private final Clock clock;
    private final Duration maxAge;
    private final int capacity;
    /** Chain bytes to the instant the entry stops being trusted; least recently used first. */
    private final LinkedHashMap<Key, Instant> valid;
    /** Bumped when the trust store changed: a validation that began before must not be remembered. */
    private long generation;
    private Set<X509Certificate> anchors = Collections.emptySet();

    /**
     * @param maxAge   the longest an entry is trusted without validating the chain again
     * @param capacity the most chains remembered (the least recently used go first)
     */
    ValidatedChains(X509CertChainValidator validator, Clock clock, Duration maxAge, int capacity) {
        if (capacity < 1 || maxAge.isNegative() || maxAge.isZero()) {
            throw new IllegalArgumentException("capacity and max age must be positive");
        }
        this.validator = validator;
        this.clock = clock;
        this.maxAge = maxAge;
        this.capacity = capacity;
        this.valid = new LinkedHashMap<>(16, 0.75f, true);
        validator.addUpdateListener((location, type, level, error) -> forgetAll());
    }

    /** Empty when the chain is valid, else why not (canl's short description). */
    Optional<String> refusal(X509Certificate[] chain) {
        Key key = Key.of(chain);
        X509Certificate[] trusted = validator.getTrustedIssuers();
        long started;
        synchronized (this) {
            if (!sameAnchors(trusted)) {
                forgetAllLocked(trusted);
            }
            if (key != null) {
                Instant until = valid.get(key);
                if (until != null) {
                    if (clock.instant().isBefore(until)) {
                        return Optional.empty();
                    }
                    valid.remove(key);
                }
            }
            started = generation;
        }
        ValidationResult result = validator.validate(chain);
        if (!result.isValid()) {
            return Optional.of(result.toShortString());
        }
        if (key != null) {
            Instant until = until(chain, trusted);
            synchronized (this) {
                if (generation == started && clock.instant().isBefore(until)) {
                    valid.put(key, until);
                    if (valid.size() > capacity) {
                        valid.remove(valid.keySet().iterator().next());
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** Chains remembered now. */
    synchronized int size() {
        return valid.size();
    }

    private Instant until(X509Certificate[] chain, X509Certificate[] trusted) {
        Instant until = clock.instant().plus(maxAge);
        for (X509Certificate c : chain) {
            until = earlier(until, c.getNotAfter().toInstant());
        }
        X509Certificate last = chain[chain.length - 1];
        for (X509Certificate ca : trusted) {
            if (ca.getSubjectX500Principal().equals(last.getIssuerX500Principal())) {
                until = earlier(until, ca.getNotAfter().toInstant());
            }
        }
        return until;
    }

    private static Instant earlier(Instant a, Instant b) {
        return b.isBefore(a) ? b : a;
    }

    private boolean sameAnchors(X509Certificate[] trusted) {
        if (trusted.length != anchors.size()) {
            return false;
        }
        for (X509Certificate c : trusted) {
            if (!anchors.contains(c)) {
                return false;
            }
        }
        return true;
    }

    private synchronized void forgetAll() {
        generation++;
        valid.clear();
    }

    private void forgetAllLocked(X509Certificate[] trusted) {
        generation++;
        valid.clear();
        Set<X509Certificate> now = Collections.newSetFromMap(new IdentityHashMap<>());
        now.addAll(Arrays.asList(trusted));
        anchors = now;
    }

    /** The DER bytes of every certificate of a chain, in order, each with its length. */
    private record Key(byte[] bytes, int hash) {
        static Key of(X509Certificate[] chain) {
            try {
                int total = 0;
                byte[][] parts = new byte[chain.length][];
                for (int i = 0; i < chain.length; i++) {
                    parts[i] = chain[i].getEncoded();
                    total += 4 + parts[i].length;
                }
                byte[] all = new byte[total];
                int at = 0;
                for (byte[] p : parts) {
                    all[at++] = (byte) (p.length >>> 24);
                    all[at++] = (byte) (p.length >>> 16);
                    all[at++] = (byte) (p.length >>> 8);
                    all[at++] = (byte) p.length;
                    System.arraycopy(p, 0, all, at, p.length);
                    at += p.length;
                }
                return new Key(all, Arrays.hashCode(all));
            } catch (CertificateEncodingException e) {
                return null; // not remembered: validated every time
            }
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && Arrays.equals(k.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
