package org.opensrm.core.gateway;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.zip.DataFormatException;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FileState;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestChange;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestStore;
import org.opensrm.core.RequestToken;
import org.opensrm.core.StateTransitions;
import org.opensrm.core.StoreCapabilities;
import org.opensrm.core.ThreadRandoms;

/**
 * Gateway mode's signed stateless tokens as a {@link RequestStore} that keeps nothing: the request engine serves a
 * request at once and {@link #create(NewRequest, RequestChange)} signs it as served ({@link SignedRequest}: kind,
 * owner digests, description, parameters, lifetimes, files and what serving each gave: its TURL, naming the door
 * chosen and a put's upload, or the status it was refused with) with the {@link TokenCodec}'s key into the token it
 * returns; every frontend sharing the key reads it back. Tokens start with 16 random bytes, so two requests never
 * share a token and tokens show no order.
 *
 * <p>What a token cannot hold comes from the world outside it, through an {@link Outside}: {@link #loadOwned} shows
 * the request as its owner's storage shows it now (a put's upload landed by srmPutDone or aborted; a get's file
 * released, as this frontend remembers), and {@link #update} keeps what the outside can keep of a change and
 * answers {@code SRM_NOT_SUPPORTED} for the rest (a new lifetime, a suspension). Each file that holds a pin or a
 * TURL is {@code FILE_LIFETIME_EXPIRED} once its pin or the request's lifetime runs out, whichever is first. It
 * declares {@link StoreCapabilities#STATELESS}: the searches answer {@code SRM_NOT_SUPPORTED} (an unknown token
 * still {@code SRM_INVALID_REQUEST}), and the owner comes back as digests of the DN and account, which
 * {@link #loadOwned} compares.
 *
 * <p>Tokens that gateway mode issued before it ran the request engine are read too ({@link LegacyTokens}), for one
 * release, so that requests clients hold across the upgrade keep working.
 */
public final class TokenRequestStore implements RequestStore {
    /** The head of this store's tokens. */
    static final char HEAD = 'R';
    private static final int NONCE_BYTES = 16;
    /** How many recently signed or read tokens are kept decoded ({@link RecentTokens}). */
    static final int RECENT_TOKENS = 4096;

    /** What the world outside the tokens keeps of their requests. */
    public interface Outside {
        /** Nothing: a request is what its token says, and cannot change. */
        Outside NOTHING = new Outside() {
            @Override
            public Request observe(Request signed, Owner caller) {
                return signed;
            }

            @Override
            public void keep(Request before, Request after) throws SrmException {
                if (!before.equals(after)) {
                    throw notSupported("a request of gateway mode cannot change");
                }
            }
        };

        /** The request as the world shows it to {@code caller}, its owner, now. */
        Request observe(Request signed, Owner caller) throws SrmException;

        /**
         * Keeps what it can of the change from {@code before} to {@code after}; a change nothing outside can keep is
         * refused ({@code SRM_NOT_SUPPORTED}, nothing kept).
         */
        void keep(Request before, Request after) throws SrmException;
    }

    /** Forms a file's TURL from a door and a namespace path: the engine's one way. */
    @FunctionalInterface
    public interface Turls {
        String turl(String door, org.opensrm.common.SrmPath path) throws SrmException;
    }

    private final TokenCodec codec;
    private final Outside outside;
    private final Turls turls;
    private final Clock clock;
    private final ThreadRandoms random = new ThreadRandoms();
    private final RecentTokens<Read> recent = new RecentTokens<>(RECENT_TOKENS);
    private final OwnerDigests digests = new OwnerDigests(RECENT_TOKENS);

    /** A store whose requests are what their tokens say (no outside, no TURLs for old tokens): for tests. */
    public TokenRequestStore(TokenCodec codec, Clock clock) {
        this(codec, Outside.NOTHING, (door, path) -> {
            throw new SrmException(SrmStatus.SRM_FAILURE, "no door");
        }, clock);
    }

    /**
     * @param outside what the world keeps of the requests beside their tokens
     * @param turls   forms the TURLs of files of tokens issued before the engine (a door and a path)
     */
    public TokenRequestStore(TokenCodec codec, Outside outside, Turls turls, Clock clock) {
        this.codec = codec;
        this.outside = outside;
        this.turls = turls;
        this.clock = clock;
    }

    @Override
    public StoreCapabilities capabilities() {
        return StoreCapabilities.STATELESS;
    }

    /**
     * Signs the request served at once, every file in its kind's ready state without a TURL.
     *
     * @throws SrmException {@code SRM_INVALID_REQUEST} when the request is too large for a token
     */
    @Override
    public Request create(NewRequest request) throws SrmException {
        return sign(request, now(), SignedRequest.allServed(request));
    }

    /**
     * Signs the request as {@code initial} changed it from queued (the engine serving it at once): each file
     * waiting, served (with its TURL and size) or failed (with its status and explanation).
     *
     * @throws SrmException whatever {@code initial} threw; {@code SRM_INVALID_REQUEST} when too large for a token
     */
    @Override
    public Request create(NewRequest request, RequestChange initial) throws SrmException {
        Instant now = now();
        Request made = Request.create(new RequestToken("unsigned"), request, now);
        Request changed = initial.apply(made);
        requireSameIdentity(made, changed);
        List<SignedRequest.Outcome> outcomes = changed.files().stream().map(SignedRequest.Outcome::of).toList();
        return sign(request, now, outcomes);
    }

    private Request sign(NewRequest request, Instant now, List<SignedRequest.Outcome> outcomes) throws SrmException {
        SignedRequest signed = SignedRequest.of(request, now, outcomes, digests::of);
        Optional<byte[]> compact = ShortTokens.payload(signed, random.current());
        if (compact.isPresent()) {
            String token = codec.seal(ShortTokens.HEAD, compact.get(), request.files().size());
            if (token.length() <= ShortTokens.MAX_CHARS) {
                List<String> surls = request.files().stream().map(f -> f.surl().text()).toList();
                return expired(ShortTokens.read(new RequestToken(token), compact.get(), surls).request(), now);
            }
        }
        byte[] body = TokenCodec.deflate(signed.toBytes());
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        byte[] payload = Arrays.copyOf(nonce, NONCE_BYTES + body.length);
        System.arraycopy(body, 0, payload, NONCE_BYTES, body.length);
        RequestToken token = new RequestToken(codec.seal(HEAD, payload, request.files().size()));
        Read read = new Read(signed(token, signed), caller -> signed.isOwnedBy(caller, digests::of));
        recent.put(token.value(), read);
        return expired(read.request(), now);
    }

    @Override
    public Request load(RequestToken token) throws SrmException {
        return expired(read(token, List.of(), false).request(), clock.instant());
    }

    /** Times in a token are whole milliseconds. */
    private Instant now() {
        return clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
    }

    @Override
    public Request loadOwned(RequestToken token, Owner caller) throws SrmException {
        return loadOwned(token, caller, List.of());
    }

    /** A bring-online's short token carries no SURLs: those the call names are matched to its files. */
    @Override
    public Request loadOwned(RequestToken token, Owner caller, List<String> named) throws SrmException {
        Read read = read(token, named == null ? List.of() : named, true);
        if (!read.isOwnedBy(caller)) {
            throw SrmException.denied("request token belongs to another user");
        }
        Request signed = read.request();
        Request seen = outside.observe(signed, caller);
        return expired(seen == signed ? seen : rederived(seen), clock.instant());
    }

    /**
     * Applies {@code change} to the request as its token says (not as the outside shows it) and keeps what the
     * outside can keep of it.
     *
     * @throws SrmException {@code SRM_NOT_SUPPORTED} for a change nothing outside the token can keep
     */
    @Override
    public Request update(RequestToken token, RequestChange change) throws SrmException {
        Request before = load(token);
        if (outside == Outside.NOTHING) {
            throw notSupported("a request of gateway mode cannot change");
        }
        Request after = change.apply(before);
        requireSameIdentity(before, after);
        outside.keep(before, after);
        return after;
    }

    @Override
    public List<RequestToken> findByOwner(Owner owner, Optional<String> description) throws SrmException {
        throw nothingToSearch();
    }

    @Override
    public List<RequestToken> tokens(Set<RequestState> states) throws SrmException {
        throw nothingToSearch();
    }

    @Override
    public void forEach(Set<RequestState> states, Consumer<Request> each) throws SrmException {
        throw nothingToSearch();
    }

    @Override
    public List<RequestToken> expired(Instant now, int limit) throws SrmException {
        throw nothingToSearch();
    }

    @Override
    public int purgeFinished(Instant before) throws SrmException {
        throw nothingToSearch();
    }

    /** Nothing to release: the store holds nothing. */
    @Override
    public void close() {
    }

    /** A token read: the request it holds (as served, before any expiry) and how its owner is bound. */
    private record Read(Request request, java.util.function.Predicate<Owner> owner) {
        boolean isOwnedBy(Owner caller) {
            return owner.test(caller);
        }
    }

    private Read read(RequestToken token, List<String> named, boolean requireNamed) throws SrmException {
        Read kept = recent.get(token.value());
        if (kept != null) {
            return kept;
        }
        TokenCodec.Sealed sealed = codec.unseal(token.value());
        byte[] payload = sealed.payload();
        if (sealed.head() == ShortTokens.HEAD) {
            if (named.isEmpty() && requireNamed) {
                throw SrmException.invalidRequest("this request token carries no SURLs: name the SURLs to ask about");
            }
            ShortTokens.Read r = ShortTokens.read(token, payload, named);
            return new Read(r.request(), r::isOwnedBy);
        }
        if (LegacyTokens.isLegacy(sealed.head())) {
            Request r = LegacyTokens.read(token, sealed.head(), payload, turls);
            return new Read(r, caller -> LegacyTokens.isOwner(r, caller));
        }
        if (sealed.head() != HEAD || payload.length <= NONCE_BYTES) {
            throw SrmException.invalidRequest("unknown request token");
        }
        try {
            SignedRequest signed = SignedRequest.fromBytes(TokenCodec.inflate(Arrays.copyOfRange(payload, NONCE_BYTES,
                    payload.length)));
            if (signed.outcomes().size() != signed.request().files().size()) {
                throw new IOException("token outcomes");
            }
            Read read = new Read(signed(token, signed), caller -> signed.isOwnedBy(caller, digests::of));
            recent.put(token.value(), read);
            return read;
        } catch (IOException | DataFormatException | IllegalArgumentException | IllegalStateException e) {
            throw SrmException.invalidRequest("unknown request token (unreadable)");
        }
    }

    /** The request as the engine served it when it was made. */
    private static Request signed(RequestToken token, SignedRequest signed) {
        Instant created = signed.createdAt();
        RequestKind kind = signed.request().kind();
        Request r = Request.create(token, signed.request(), created);
        return r.withEachFile(f -> signed.outcomes().get(f.index()).apply(kind, f, created), created);
    }

    /**
     * The request as of {@code now}: each file that still holds something expired at its own end, in the order of
     * those ends (so the request finishes when its last file does).
     */
    private static Request expired(Request r, Instant now) {
        Instant requestEnd = r.expiresAt();
        if (now.isBefore(requestEnd) && noPinEnded(r, now)) {
            return r; // nothing has ended: the request as its token says
        }
        List<FileRequest> ending = r.files().stream()
                .filter(f -> !f.isSettled() && !f.state().isWaiting() && !now.isBefore(endOf(f, requestEnd)))
                .sorted(Comparator.comparing(f -> endOf(f, requestEnd)))
                .toList();
        for (FileRequest f : ending) {
            r = r.withFile(f.index(), g -> g.moveTo(FileState.FILE_LIFETIME_EXPIRED), endOf(f, requestEnd));
        }
        if (!now.isBefore(requestEnd) && r.state().isActive()) {
            r = r.timeOut(requestEnd);
        }
        return r;
    }

    /**
     * The request with its state derived again from its files as the outside shows them: the state a token signed
     * is the one the request was served in, which later changes of its files (an abort, a release) cannot move.
     */
    private static Request rederived(Request r) {
        RequestState state = StateTransitions.derive(RequestState.IN_PROGRESS, r.files());
        return new Request(r.token(), r.kind(), r.owner(), r.description(), r.parameters(), r.createdAt(),
                r.expiresAt(), state, r.explanation(), r.finishedAt(), r.files());
    }

    private static boolean noPinEnded(Request r, Instant now) {
        for (FileRequest f : r.files()) {
            Optional<Instant> pin = f.pinExpiresAt();
            if (pin.isPresent() && !now.isBefore(pin.get())) {
                return false;
            }
        }
        return true;
    }

    private static Instant endOf(FileRequest f, Instant requestEnd) {
        return f.pinExpiresAt().filter(pin -> pin.isBefore(requestEnd)).orElse(requestEnd);
    }

    /** What a request is cannot change: its token, kind, owner, creation and number of files. */
    private static void requireSameIdentity(Request before, Request after) {
        if (!before.token().equals(after.token()) || before.kind() != after.kind()
                || !before.owner().equals(after.owner()) || !before.createdAt().equals(after.createdAt())
                || before.files().size() != after.files().size()) {
            throw new IllegalStateException("a change may not alter what a request is");
        }
    }

    private static SrmException nothingToSearch() {
        return notSupported("gateway mode keeps no requests to search");
    }

    private static SrmException notSupported(String why) {
        return new SrmException(SrmStatus.SRM_NOT_SUPPORTED, why);
    }
}
