package org.opensrm.authz;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.opensrm.authz.internal.AccountNames;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Base for resolvers whose lookup is expensive (a process, a network call): answers, including "no such account",
 * are kept for a time to live. Only one lookup per name runs at a time; once a name has an answer, callers never
 * wait for a lookup again: while one caller refreshes an expired answer the others get the old one, and if the
 * refresh fails with an internal error the old answer is kept for another time to live. Entries are never
 * evicted, which is fine for the bounded set of names a mapping file holds. Names that could not be account
 * names (see {@code AccountNames}) and accounts with uid 0 are refused with {@code SRM_AUTHORIZATION_FAILURE}.
 */
public abstract class CachingAccountResolver implements AccountResolver {
    private static final Logger LOG = LoggerFactory.getLogger(CachingAccountResolver.class);

    /** Either an account or why the name may not be used. */
    private record Answer(Account account, String refusal, long expiresAtNanos) {
        Account get() throws SrmException {
            if (account == null) {
                throw SrmException.denied(refusal);
            }
            return account;
        }

        boolean freshAt(long nanos) {
            return nanos - expiresAtNanos < 0;
        }
    }

    private final long ttlNanos;
    private final LongSupplier nanoClock;
    private final ConcurrentHashMap<String, Answer> answers = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, ReentrantLock> lookups = new ConcurrentHashMap<>();

    protected CachingAccountResolver(Duration ttl) {
        this(ttl, System::nanoTime);
    }

    /** With the clock that times the answers out ({@link System#nanoTime} in production; a test's own clock). */
    protected CachingAccountResolver(Duration ttl, LongSupplier nanoClock) {
        if (ttl.isNegative()) {
            throw new IllegalArgumentException("account cache time to live must not be negative: " + ttl);
        }
        this.ttlNanos = ttl.toNanos();
        this.nanoClock = nanoClock;
    }

    /**
     * Looks the account up, uncached.
     *
     * @return empty when there is no such account
     * @throws SrmException {@code SRM_INTERNAL_ERROR} when the account database cannot be asked
     */
    protected abstract Optional<Account> lookup(String name) throws SrmException;

    @Override
    public final Account resolve(String name) throws SrmException {
        if (!AccountNames.isPlausible(name)) {
            throw SrmException.denied("account " + name + " does not exist on this host");
        }
        Answer known = answers.get(name);
        if (known != null && known.freshAt(nanoClock.getAsLong())) {
            return known.get();
        }
        ReentrantLock lock = lookups.computeIfAbsent(name, n -> new ReentrantLock());
        if (known != null && !lock.tryLock()) {
            return known.get();
        } else if (known == null) {
            lock.lock();
        }
        try {
            Answer latest = answers.get(name);
            if (latest != null && latest.freshAt(nanoClock.getAsLong())) {
                return latest.get();
            }
            return refresh(name, latest).get();
        } finally {
            lock.unlock();
        }
    }

    private Answer refresh(String name, Answer previous) throws SrmException {
        Optional<Account> found;
        try {
            found = lookup(name);
        } catch (SrmException e) {
            if (previous == null || e.status() != SrmStatus.SRM_INTERNAL_ERROR) {
                throw e;
            }
            LOG.warn("Lookup of account {} failed, keeping the previous answer: {}", name, e.getMessage());
            Answer kept = new Answer(previous.account(), previous.refusal(), nanoClock.getAsLong() + ttlNanos);
            answers.put(name, kept);
            return kept;
        }
        long expiry = nanoClock.getAsLong() + ttlNanos;
        Answer answer;
        if (found.isEmpty()) {
            answer = new Answer(null, "account " + name + " does not exist on this host", expiry);
        } else if (found.get().uid() == 0) {
            answer = new Answer(null, "account " + name + " is the superuser and may not be mapped to", expiry);
        } else {
            answer = new Answer(found.get(), null, expiry);
        }
        answers.put(name, answer);
        return answer;
    }
}
