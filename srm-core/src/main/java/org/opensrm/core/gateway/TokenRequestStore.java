package org.opensrm.core.gateway;

import java.io.IOException;
import java.security.SecureRandom;
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
// full mode's token (this package's RequestToken is the gateway services' token content)
import org.opensrm.core.RequestToken;
import org.opensrm.core.StoreCapabilities;

/**
 * Gateway mode's signed stateless tokens as a {@link RequestStore} that keeps nothing: {@link #create} signs the
 * whole request ({@link SignedRequest}: kind, owner digests, description, parameters, lifetimes, files) with the
 * {@link TokenCodec}'s key into the token it returns, and every frontend sharing the key reads it back. Tokens
 * start with 16 random bytes, so two requests never share a token and tokens show no order.
 *
 * <p>Its files are served at once: a request comes back in its kind's ready state (every file in
 * {@link org.opensrm.core.RequestKind#readyState()}, pinned for its pin lifetime when one was asked), and each file
 * that holds a pin or a TURL is {@code FILE_LIFETIME_EXPIRED} once its pin or the request's lifetime runs out,
 * whichever is first. It declares {@link StoreCapabilities#STATELESS}: {@link #update} and the searches answer
 * {@code SRM_NOT_SUPPORTED} (an unknown token still {@code SRM_INVALID_REQUEST}), and the owner comes back as
 * digests of the DN and account, which {@link #loadOwned} compares.
 *
 * <p>The gateway services ({@code GatewayGetService}, {@code GatewayPutService}, {@code GatewayRequestControl})
 * keep their own {@link org.opensrm.core.gateway.RequestToken gateway token} through {@link TokenCodec#encode}: it
 * carries per file what a {@link NewRequest} has no place for (the upload name, the door chosen, the status a file
 * was refused with when the request was made), and tokens already held by clients must stay readable across an
 * upgrade.
 */
public final class TokenRequestStore implements RequestStore {
    /** The head of this store's tokens; the gateway services' tokens use {@link TokenKind}'s. */
    static final char HEAD = 'R';
    private static final int NONCE_BYTES = 16;

    private final TokenCodec codec;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    public TokenRequestStore(TokenCodec codec, Clock clock) {
        this.codec = codec;
        this.clock = clock;
    }

    @Override
    public StoreCapabilities capabilities() {
        return StoreCapabilities.STATELESS;
    }

    /**
     * @throws SrmException {@code SRM_INVALID_REQUEST} when the request is too large for a token
     */
    @Override
    public Request create(NewRequest request) throws SrmException {
        Instant now = clock.instant();
        SignedRequest signed = SignedRequest.of(request, now);
        byte[] body = TokenCodec.deflate(signed.toBytes());
        byte[] payload = new byte[NONCE_BYTES + body.length];
        random.nextBytes(payload);
        System.arraycopy(body, 0, payload, NONCE_BYTES, body.length);
        RequestToken token = new RequestToken(codec.seal(HEAD, payload, request.files().size()));
        return served(token, signed, now);
    }

    /** Its requests are served at once and cannot change: {@code SRM_NOT_SUPPORTED}. */
    @Override
    public Request create(NewRequest request, RequestChange initial) throws SrmException {
        throw notSupported("a request of gateway mode cannot change");
    }

    @Override
    public Request load(RequestToken token) throws SrmException {
        return served(token, decode(token), clock.instant());
    }

    @Override
    public Request loadOwned(RequestToken token, Owner caller) throws SrmException {
        SignedRequest signed = decode(token);
        if (!signed.isOwnedBy(caller)) {
            throw SrmException.denied("request token belongs to another user");
        }
        return served(token, signed, clock.instant());
    }

    /** A signed token cannot be changed: {@code SRM_NOT_SUPPORTED} once the token is known to be one of ours. */
    @Override
    public Request update(RequestToken token, RequestChange change) throws SrmException {
        decode(token);
        throw notSupported("a request of gateway mode cannot change");
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

    private SignedRequest decode(RequestToken token) throws SrmException {
        TokenCodec.Sealed sealed = codec.unseal(token.value());
        byte[] payload = sealed.payload();
        if (sealed.head() != HEAD || payload.length <= NONCE_BYTES) {
            throw SrmException.invalidRequest("unknown request token");
        }
        try {
            return SignedRequest.fromBytes(TokenCodec.inflate(Arrays.copyOfRange(payload, NONCE_BYTES,
                    payload.length)));
        } catch (IOException | DataFormatException | IllegalArgumentException e) {
            throw SrmException.invalidRequest("unknown request token (unreadable)");
        }
    }

    /**
     * The request as of {@code now}: made and served at its creation, then each file that holds something expired
     * at its own end, in the order of those ends (so the request finishes when its last file does).
     */
    private static Request served(RequestToken token, SignedRequest signed, Instant now) {
        Instant created = signed.createdAt();
        RequestKind kind = signed.request().kind();
        Request r = Request.create(token, signed.request(), created)
                .withEachFile(f -> f.ready(kind, Optional.empty(), f.size(), created), created);
        Instant requestEnd = r.expiresAt();
        List<FileRequest> ending = r.files().stream()
                .filter(f -> !f.isSettled() && !now.isBefore(endOf(f, requestEnd)))
                .sorted(Comparator.comparing(f -> endOf(f, requestEnd)))
                .toList();
        for (FileRequest f : ending) {
            r = r.withFile(f.index(), g -> g.moveTo(FileState.FILE_LIFETIME_EXPIRED), endOf(f, requestEnd));
        }
        return r;
    }

    private static Instant endOf(FileRequest f, Instant requestEnd) {
        return f.pinExpiresAt().filter(pin -> pin.isBefore(requestEnd)).orElse(requestEnd);
    }

    private static SrmException nothingToSearch() {
        return notSupported("gateway mode keeps no requests to search");
    }

    private static SrmException notSupported(String why) {
        return new SrmException(SrmStatus.SRM_NOT_SUPPORTED, why);
    }
}
