package org.opensrm.authz.gums;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.Mapper;
import org.opensrm.authz.Mapping;
import org.opensrm.authz.internal.GetentAccountResolver;
import org.opensrm.common.SrmException;

/**
 * The {@code gums} mapper: asks GUMS (XACML over SAML 2, SOAP, HTTPS with the host certificate; see
 * {@code shared/reference/INTEROP.md}) which account a client acts as, sending its DN, issuer, VOMS FQANs (primary
 * first) and this storage element's identity.
 * <ul>
 * <li>Permit with a {@code username} (or {@code account}) obligation: that account, with the primary group of
 *     the {@code uidgid} ({@code posix-gid}) or {@code account} ({@code primary-groupname}) obligation if
 *     given; without either, a {@code uidgid} obligation's {@code posix-uid} names the account (the one with that
 *     uid here). A Permit that names no account is a refusal.</li>
 * <li>Deny: a refusal ({@code SRM_AUTHORIZATION_FAILURE} "GUMS denied ..."), not left to a later mapper.</li>
 * <li>NotApplicable: no mapping; the next mapper is asked.</li>
 * <li>No answer in time, GUMS down, a SOAP fault, Indeterminate, a malformed or hostile answer: a refusal
 *     that says GUMS could not be asked (fail-closed; never access by failure), not cached.</li>
 * </ul>
 * Answers are cached per DN and FQAN list: Permits for {@code cacheTtl} after they arrived, refusals and
 * NotApplicable for the shorter {@code negativeCacheTtl}, at most {@code cacheSize} of them. Callers that miss the
 * cache for a client while a query for it is under way wait for that query instead of sending their own.
 */
public final class GumsMapper implements Mapper {
    /** A cached answer: a mapping (or none), or the reason of a refusal. */
    private record Verdict(Optional<Mapping> mapping, String refusal) {
        Optional<Mapping> get() throws SrmException {
            if (refusal != null) {
                throw SrmException.denied(refusal);
            }
            return mapping;
        }
    }

    private final GumsConfig config;
    private final GumsClient client;
    private final AnswerCache<Verdict> cache;
    /** Queries in progress, by cache key: concurrent callers for the same client wait for one query. */
    private final ConcurrentHashMap<String, CompletableFuture<Verdict>> asking = new ConcurrentHashMap<>();
    private final LongAdder calls = new LongAdder();
    private final LongAdder failures = new LongAdder();

    public GumsMapper(GumsConfig config) {
        this(config, System::nanoTime);
    }

    /** With the cache's clock, for tests of expiry. */
    GumsMapper(GumsConfig config, LongSupplier nanoTime) {
        this.config = config;
        this.client = new GumsClient(config);
        this.cache = new AnswerCache<>(config.cacheSize(), nanoTime);
    }

    @Override
    public String name() {
        return "gums";
    }

    @Override
    public Optional<Mapping> map(ClientIdentity identity) throws SrmException {
        String key = identity.dn() + '\n' + String.join("\n", identity.fqans());
        Optional<Verdict> cached = cache.get(key);
        if (cached.isPresent()) {
            return cached.get().get();
        }
        CompletableFuture<Verdict> mine = new CompletableFuture<>();
        CompletableFuture<Verdict> running = asking.putIfAbsent(key, mine);
        if (running != null) {
            return awaitOther(running).get();
        }
        try {
            Verdict verdict = ask(identity);
            cache.put(key, verdict, verdict.mapping().isPresent() ? config.cacheTtl().toNanos()
                    : config.negativeCacheTtl().toNanos());
            mine.complete(verdict);
            return verdict.get();
        } catch (SrmException e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            if (!mine.isDone()) {
                mine.completeExceptionally(SrmException.denied("the GUMS call-out failed; access is refused"));
            }
            asking.remove(key, mine);
        }
    }

    /** Waits for the query another caller is making for the same client (it is bounded by the time-out). */
    private static Verdict awaitOther(CompletableFuture<Verdict> running) throws SrmException {
        try {
            return running.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof SrmException s) {
                throw new SrmException(s.status(), s.getMessage());
            }
            throw SrmException.denied("the GUMS call-out failed; access is refused");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SrmException.denied("interrupted while waiting for GUMS; access is refused");
        }
    }

    private Verdict ask(ClientIdentity identity) throws SrmException {
        calls.increment();
        XacmlAnswer answer;
        try {
            answer = client.ask(identity);
        } catch (GumsClient.Unreachable e) {
            failures.increment();
            throw SrmException.denied("the GUMS authorization service at " + config.endpoint()
                    + " could not be asked (" + e.getMessage() + "); access is refused until it answers");
        } catch (XacmlAnswer.Unusable e) {
            failures.increment();
            throw SrmException.denied("the GUMS authorization service at " + config.endpoint()
                    + " gave no usable answer (" + e.getMessage() + "); access is refused");
        }
        return verdictOf(identity, answer);
    }

    private Verdict verdictOf(ClientIdentity identity, XacmlAnswer answer) throws SrmException {
        String who = "DN " + identity.dn() + identity.primaryFqan().map(f -> " with primary FQAN " + f).orElse("");
        switch (answer.decision()) {
            case "Deny":
                return new Verdict(Optional.empty(), "GUMS denied " + who);
            case "NotApplicable":
                return new Verdict(Optional.empty(), null);
            case "Permit":
                break;
            default:
                failures.increment();
                throw SrmException.denied("the GUMS authorization service at " + config.endpoint()
                        + " could not decide on " + who + " (" + answer.decision() + "); access is refused");
        }
        Optional<String> username = answer.username();
        if (username.isEmpty() && answer.uid().isPresent()) {
            try {
                username = GetentAccountResolver.accountName(Integer.parseInt(answer.uid().get()));
            } catch (NumberFormatException e) {
                return new Verdict(Optional.empty(), "GUMS permitted " + who + " with the unusable uid "
                        + answer.uid().get());
            }
            if (username.isEmpty()) {
                return new Verdict(Optional.empty(), "GUMS permitted " + who + " with uid " + answer.uid().get()
                        + ", which no account has on this host");
            }
        }
        if (username.isEmpty()) {
            return new Verdict(Optional.empty(), "GUMS permitted " + who + " without naming an account");
        }
        OptionalInt gid;
        try {
            gid = primaryGid(answer);
        } catch (NumberFormatException e) {
            return new Verdict(Optional.empty(), "GUMS permitted " + who + " with the unusable gid "
                    + answer.gid().orElse(""));
        }
        if (gid.isEmpty() && answer.primaryGroup().isPresent()) {
            return new Verdict(Optional.empty(), "GUMS permitted " + who + " with the primary group "
                    + answer.primaryGroup().get() + ", which does not exist on this host");
        }
        return new Verdict(Optional.of(new Mapping(username.get(), gid)), null);
    }

    private static OptionalInt primaryGid(XacmlAnswer answer) throws SrmException {
        if (answer.gid().isPresent()) {
            return OptionalInt.of(Integer.parseInt(answer.gid().get()));
        }
        if (answer.primaryGroup().isPresent()) {
            return GetentAccountResolver.groupId(answer.primaryGroup().get());
        }
        return OptionalInt.empty();
    }

    /** Answers served from the cache. */
    public long cacheHits() {
        return cache.hits();
    }

    /** Look-ups the cache could not answer. */
    public long cacheMisses() {
        return cache.misses();
    }

    /** Answers dropped to keep the cache within its size. */
    public long cacheEvictions() {
        return cache.evictions();
    }

    /** Answers in the cache now. */
    public int cacheSize() {
        return cache.size();
    }

    /** Queries sent to GUMS. */
    public long calls() {
        return calls.sum();
    }

    /** Queries that ended without a usable answer (refused fail-closed). */
    public long failures() {
        return failures.sum();
    }

    @Override
    public String toString() {
        return client.toString();
    }
}
