package org.opensrm.core.space;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Owner;
import org.opensrm.core.TokenGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The eleven space operations of SRM v2.2 and the quota checks of the put path, in the core's terms, over a
 * {@link SpaceStore}. Every refusal is an {@link SrmException} with the specification's status and one log line.
 *
 * <p>Who may do what: anyone reserves for their primary VOMS group (or, without VOMS attributes, for their own
 * account), within the site's limit for that VO ({@link SpaceLimits}); members of a reservation's group write into
 * it and see it; its owner or an admin DN releases or updates it; static tokens from the configuration are open to
 * anyone (unless given a group) and are never released, updated or expired.
 *
 * <p>Every operation answers at once: reserving disk space is a few rows, so srmReserveSpace,
 * srmUpdateSpace and srmChangeSpaceForFiles never return a request token, and their status calls answer
 * {@code SRM_INVALID_REQUEST} for any token (none was ever issued).
 */
public final class SpaceService implements SpaceManagement, org.opensrm.core.service.NamespaceChanges {
    private static final Logger LOG = LoggerFactory.getLogger(SpaceService.class);
    /** The longest user space token description accepted. */
    public static final int MAX_DESCRIPTION = 255;

    private final SpaceStore store;
    private final SpaceLimits limits;
    private final FileSizes sizes;
    private final PinnedFiles pins;
    private final TokenGenerator tokens;
    private final Clock clock;
    private final SpaceRules rules;
    private final SpaceFiles files;

    public SpaceService(SpaceStore store, SpaceLimits limits, FileSizes sizes, PinnedFiles pins, TokenGenerator tokens,
                        Clock clock) {
        this.store = store;
        this.limits = limits;
        this.sizes = sizes;
        this.pins = pins;
        this.tokens = tokens;
        this.clock = clock;
        this.rules = new SpaceRules(store, limits);
        this.files = new SpaceFiles(store, rules, sizes, clock);
    }

    // --- srmReserveSpace, srmStatusOfReserveSpaceRequest ---

    /**
     * Reserves space for the caller's primary group, synchronously.
     *
     * @return the reservation with {@code SRM_SUCCESS}, or {@code SRM_LOWER_SPACE_GRANTED} when the total had to be
     *         cut to the group's or site's room (never below the guaranteed size)
     * @throws SrmException {@code SRM_NOT_SUPPORTED} for a retention policy or access latency other than
     *                      REPLICA/ONLINE; {@code SRM_INVALID_REQUEST} for a negative, zero-guaranteed, inconsistent
     *                      or absurd size, a zero or over-maximum lifetime, a bad description;
     *                      {@code SRM_EXCEED_ALLOCATION} beyond the VO's limit; {@code SRM_NO_FREE_SPACE} beyond
     *                      the site's
     */
    @Override
    public boolean offersReservation() {
        return true;
    }

    @Override
    public SpaceResult reserve(Owner caller, ReserveRequest request) throws SrmException {
        try {
            Instant now = clock.instant();
            SpaceRules.requireDisk(request.retention(), request.latency().orElse(AccessLatency.ONLINE));
            Optional<String> description = SpaceRules.description(request.description());
            long guaranteed = request.desiredGuaranteedBytes();
            if (guaranteed <= 0) {
                throw SrmException.invalidRequest("desiredSizeOfGuaranteedSpace must be positive: " + guaranteed);
            }
            long desired = request.desiredTotalBytes().orElse(guaranteed);
            if (desired < guaranteed) {
                throw SrmException.invalidRequest("desiredSizeOfTotalSpace " + desired
                        + " is below desiredSizeOfGuaranteedSpace " + guaranteed);
            }
            rules.requireSane(desired);
            Optional<Instant> expiry = rules.expiry(request.desiredLifetimeSeconds(), now);
            Optional<String> group = caller.fqans().stream().findFirst().map(SpaceReservation::groupOf)
                    .filter(g -> g.length() > 1);
            SpaceReservation wanted = new SpaceReservation(SpaceToken.random(tokens), caller, group,
                    RetentionPolicy.REPLICA, AccessLatency.ONLINE, desired, guaranteed, 0, now, expiry, description,
                    SpaceState.RESERVED, false);
            SpaceQuota quota = limits.quotaFor(wanted.quotaKey());
            long room = Math.min(quota.groupLimit() - store.reservedBytes(wanted.quotaKey(), now),
                    quota.siteLimit() - store.reservedBytes(SpaceStore.SITE, now));
            long granted = Math.max(guaranteed, Math.min(desired, room));
            SpaceReservation made = store.create(wanted.withSizes(granted, guaranteed), quota);
            SrmStatus status = granted < desired ? SrmStatus.SRM_LOWER_SPACE_GRANTED : SrmStatus.SRM_SUCCESS;
            LOG.info("space {} reserved for {} ({}): {} bytes total, {} guaranteed, {}", made.token().shortId(),
                    caller.dn(), made.quotaKey(), granted, guaranteed, status);
            return new SpaceResult(made, status);
        } catch (SrmException e) {
            throw SpaceRules.refused("srmReserveSpace", caller, e);
        }
    }

    /** No reservation is answered asynchronously, so no request token exists to ask about. */
    @Override
    public SpaceResult statusOfReserve(Owner caller, String requestToken) throws SrmException {
        throw SpaceRules.refused("srmStatusOfReserveSpaceRequest", caller, SpaceRules.noSuchRequest());
    }

    // --- srmReleaseSpace ---

    /**
     * Releases a reservation; the files in it stay in the namespace and leave the space. A space with uploads in
     * progress (bytes claimed by puts not yet done) is kept, even with {@code forceFileRelease}; one holding files
     * pinned by requests is kept unless {@code forceFileRelease}.
     *
     * @throws SrmException {@code SRM_AUTHORIZATION_FAILURE} unless the caller owns it or is an admin, or for a
     *                      static token; {@code SRM_INVALID_REQUEST} for an unknown or released one;
     *                      {@code SRM_SPACE_LIFETIME_EXPIRED} for an expired one; {@code SRM_FAILURE} for uploads
     *                      in progress or (without force) pinned files
     */
    @Override
    public SpaceReservation release(Owner caller, SpaceToken token, boolean forceFileRelease) throws SrmException {
        try {
            Instant now = clock.instant();
            rules.requireManager(caller, store.load(token), "release");
            List<SpaceFile> files = store.files(token);
            long inFiles = files.stream().mapToLong(SpaceFile::sizeBytes).sum();
            if (!forceFileRelease) {
                for (SpaceFile f : files) {
                    if (pins.isPinned(f.path())) {
                        throw new SrmException(SrmStatus.SRM_FAILURE, f.path() + " in space " + token.shortId()
                                + " is pinned; forceFileRelease releases the space anyway");
                    }
                }
            }
            SpaceReservation released = store.update(token, r -> {
                rules.requireManager(caller, r, "release");
                r.requireReserved(now);
                if (r.usedBytes() > inFiles) {
                    throw new SrmException(SrmStatus.SRM_FAILURE, "space " + token.shortId() + " has uploads in "
                            + "progress (" + (r.usedBytes() - inFiles) + " bytes claimed)");
                }
                return r.withState(SpaceState.RELEASED);
            }, SpaceQuota.UNLIMITED);
            LOG.info("space {} released by {}", token.shortId(), caller.dn());
            return released;
        } catch (SrmException e) {
            throw SpaceRules.refused("srmReleaseSpace", caller, e);
        }
    }

    // --- srmUpdateSpace, srmStatusOfUpdateSpaceRequest ---

    /**
     * Resizes a reservation or renews its lifetime (from now), synchronously.
     *
     * @throws SrmException as {@link #release} for who and which; {@code SRM_INVALID_REQUEST} for a size below what
     *                      is used, a guaranteed size above the total, a bad lifetime; {@code SRM_EXCEED_ALLOCATION}
     *                      or {@code SRM_NO_FREE_SPACE} for growth beyond the VO's or site's limit
     */
    @Override
    public SpaceResult update(Owner caller, SpaceToken token, SpaceUpdate update) throws SrmException {
        try {
            Instant now = clock.instant();
            boolean renew = update.newLifetimeSeconds().isPresent();
            Optional<Instant> newExpiry = renew ? rules.expiry(update.newLifetimeSeconds(), now) : Optional.empty();
            SpaceReservation current = store.load(token);
            SpaceReservation updated = store.update(token, r -> {
                rules.requireManager(caller, r, "update");
                r.requireReserved(now);
                long total = update.newTotalBytes().orElse(r.totalBytes());
                long guaranteed = update.newGuaranteedBytes().orElse(Math.min(r.guaranteedBytes(), total));
                if (total < 0 || guaranteed < 0) {
                    throw SrmException.invalidRequest("sizes must not be negative");
                }
                rules.requireSane(total);
                if (guaranteed > total) {
                    throw SrmException.invalidRequest("guaranteed size " + guaranteed + " exceeds total " + total);
                }
                if (total < r.usedBytes()) {
                    throw SrmException.invalidRequest("space " + token + " holds " + r.usedBytes()
                            + " bytes; it cannot shrink to " + total);
                }
                SpaceReservation next = r.withSizes(total, guaranteed);
                return renew ? next.withExpiry(newExpiry) : next;
            }, limits.quotaFor(current.quotaKey()));
            LOG.info("space {} updated by {}: {} bytes total, expires {}", token.shortId(), caller.dn(),
                    updated.totalBytes(), updated.expiresAt().map(Instant::toString).orElse("never"));
            return new SpaceResult(updated, SrmStatus.SRM_SUCCESS);
        } catch (SrmException e) {
            throw SpaceRules.refused("srmUpdateSpace", caller, e);
        }
    }

    /** Updates are answered at once; no request token exists to ask about. */
    @Override
    public SpaceResult statusOfUpdate(Owner caller, String requestToken) throws SrmException {
        throw SpaceRules.refused("srmStatusOfUpdateSpaceRequest", caller, SpaceRules.noSuchRequest());
    }

    // --- srmGetSpaceMetaData, srmGetSpaceTokens ---

    /** One answer per token, in order; a bad token fails alone. */
    @Override
    public List<SpaceDetail> metaData(Owner caller, List<String> tokenTexts) throws SrmException {
        if (tokenTexts.isEmpty()) {
            throw SpaceRules.refused("srmGetSpaceMetaData", caller,
                    SrmException.invalidRequest("no space token given"));
        }
        Instant now = clock.instant();
        List<SpaceDetail> out = new ArrayList<>(tokenTexts.size());
        for (String text : tokenTexts) {
            String shown = text == null ? "" : text;
            try {
                SpaceReservation r = store.load(SpaceToken.parse(text));
                if (!rules.maySee(caller, r)) {
                    throw SrmException.denied("space " + r.token().shortId() + " is not the caller's");
                }
                SpaceState state = r.stateAt(now);
                if (state == SpaceState.RELEASED) {
                    throw SrmException.invalidRequest("space " + r.token() + " was released");
                }
                SrmStatus status = state == SpaceState.EXPIRED ? SrmStatus.SRM_SPACE_LIFETIME_EXPIRED
                        : SrmStatus.SRM_SUCCESS;
                out.add(new SpaceDetail(shown, status, state == SpaceState.EXPIRED ? "space lifetime expired" : "",
                        Optional.of(r), r.remainingLifetime(now)));
            } catch (SrmException e) {
                LOG.info("srmGetSpaceMetaData for {}: {} {}", caller.dn(), e.status(), e.getMessage());
                out.add(new SpaceDetail(shown, e.status(), e.getMessage(), Optional.empty(), Optional.empty()));
            }
        }
        return out;
    }

    /**
     * The reserved tokens the caller may see (owns, is a member of the group of, or static), with this description
     * when given.
     *
     * @throws SrmException {@code SRM_INVALID_REQUEST} when none matches, as the specification has it
     */
    @Override
    public List<SpaceToken> tokens(Owner caller, Optional<String> description) throws SrmException {
        Instant now = clock.instant();
        Optional<String> wanted = description.filter(d -> !d.isBlank());
        List<SpaceToken> out = new ArrayList<>();
        for (SpaceReservation r : store.find(wanted)) {
            if (r.stateAt(now) == SpaceState.RESERVED && rules.maySee(caller, r)) {
                out.add(r.token());
            }
        }
        if (out.isEmpty() && wanted.isPresent()) {
            byValue(caller, wanted.get(), now).ifPresent(out::add);
        }
        if (out.isEmpty()) {
            throw SpaceRules.refused("srmGetSpaceTokens", caller, SrmException.invalidRequest(
                    "no space token" + wanted.map(d -> " with description '" + d + "'").orElse("")));
        }
        return out;
    }

    /**
     * A description that is no reservation's but is a token the caller may see names that reservation: gfal2's
     * {@code -S} option is looked up as a description, and users pass it the token srmReserveSpace gave them.
     */
    private Optional<SpaceToken> byValue(Owner caller, String text, Instant now) throws SrmException {
        try {
            SpaceReservation r = store.load(SpaceToken.parse(text));
            return r.stateAt(now) == SpaceState.RESERVED && rules.maySee(caller, r) ? Optional.of(r.token())
                    : Optional.empty();
        } catch (SrmException unknown) {
            if (unknown.status() == SrmStatus.SRM_INTERNAL_ERROR) {
                throw unknown;
            }
            return Optional.empty();
        }
    }

    // --- srmChangeSpaceForFiles (+ status), srmExtendFileLifeTimeInSpace, srmPurgeFromSpace ---

    /**
     * Moves files into {@code target}: each is counted there (refused per file with {@code SRM_EXCEED_ALLOCATION}
     * when it does not fit, {@code SRM_INVALID_PATH} when it does not exist) and leaves its former space.
     *
     * @throws SrmException for the whole request: the target unknown, released or expired, or not writable by the
     *                      caller
     */
    @Override
    public List<SpaceFileResult> changeSpaceForFiles(Owner caller, SpaceToken target, List<SrmPath> paths)
            throws SrmException {
        return files.changeSpaceForFiles(caller, target, paths);
    }

    /** Changes are answered at once; no request token exists to ask about. */
    @Override
    public List<SpaceFileResult> statusOfChangeSpaceForFiles(Owner caller, String requestToken) throws SrmException {
        throw SpaceRules.refused("srmStatusOfChangeSpaceForFilesRequest", caller, SpaceRules.noSuchRequest());
    }

    /**
     * Sets how long files stay in the space, from now, never beyond the space's own lifetime (a longer wish is
     * granted up to it). No paths: every file in the space.
     *
     * @param newLifetimeSeconds empty: as long as the space; {@value ReserveRequest#INFINITE}: infinite (cut to the
     *                           space's lifetime)
     */
    @Override
    public List<SpaceFileResult> extendFileLifeTimeInSpace(Owner caller, SpaceToken token, List<SrmPath> paths,
                                                           OptionalLong newLifetimeSeconds) throws SrmException {
        return files.extendFileLifeTimeInSpace(caller, token, paths, newLifetimeSeconds);
    }

    /**
     * Removes files from the space. On disk every file is its only copy, so a file still within its lifetime in
     * the space stays and answers {@code SRM_LAST_COPY} (srmRm removes it, which {@link #removed} follows); one whose
     * lifetime in the space ran out leaves the space and gives its bytes back.
     */
    @Override
    public List<SpaceFileResult> purgeFromSpace(Owner caller, SpaceToken token, List<SrmPath> paths)
            throws SrmException {
        return files.purgeFromSpace(caller, token, paths);
    }

    // --- the put path (not wired yet) ---

    /**
     * Admits a put into a reservation: the caller must be a writer of it, and {@code expectedBytes} (0 when the
     * client gave none; checked again by {@link #commit}) are taken from its free space at once.
     *
     * @throws SrmException {@code SRM_EXCEED_ALLOCATION} when they do not fit, {@code SRM_SPACE_LIFETIME_EXPIRED},
     *                      {@code SRM_INVALID_REQUEST} for an unknown or released token or a negative size,
     *                      {@code SRM_AUTHORIZATION_FAILURE} for a caller outside its group
     */
    public SpaceClaim admit(SpaceToken token, Owner caller, OptionalLong expectedBytes) throws SrmException {
        Instant now = clock.instant();
        rules.writable("put admission", caller, token, now);
        long bytes = expectedBytes.orElse(0);
        try {
            if (bytes < 0) {
                throw SrmException.invalidRequest("expectedFileSize must not be negative: " + bytes);
            }
            store.allocate(token, bytes, now);
            return new SpaceClaim(token, bytes);
        } catch (SrmException e) {
            throw SpaceRules.refused("put admission", caller, e);
        }
    }

    /**
     * srmPutDone: the upload at {@code path} is {@code actualBytes} long and now counts against the claim's space
     * (with a lifetime in the space, empty for as long as the space). When it is larger than claimed and the rest
     * does not fit, nothing changes and {@code SRM_EXCEED_ALLOCATION} is thrown: the caller removes the upload and
     * calls {@link #abandon}.
     */
    public SpaceFile commit(SpaceClaim claim, SrmPath path, long actualBytes, Optional<Duration> fileLifetime)
            throws SrmException {
        if (actualBytes < 0) {
            throw SrmException.invalidRequest("a size must not be negative: " + actualBytes);
        }
        Instant now = clock.instant();
        Optional<Instant> expiry = fileLifetime.map(now::plus);
        SpaceFile f = store.commitFile(new SpaceFile(claim.token(), path, actualBytes, expiry), claim.bytes(), now);
        LOG.debug("space {}: {} committed, {} bytes", claim.token().shortId(), path, actualBytes);
        return f;
    }

    /** The put ended without a file (aborted, failed, expired, refused at commit): its claim is given back. */
    public void abandon(SpaceClaim claim) throws SrmException {
        if (claim.bytes() > 0) {
            store.free(claim.token(), claim.bytes());
        }
    }

    /** srmRm removed a file: it leaves its space, if any. */
    @Override
    public void removed(SrmPath path) throws SrmException {
        store.removeFile(path);
    }

    /** srmMv renamed a file: it keeps its space. */
    @Override
    public void renamed(SrmPath from, SrmPath to) throws SrmException {
        store.renameFile(from, to);
    }

    /**
     * The reservations holding space now (reserved and within their lifetime, static tokens included), each with
     * its total, used and free bytes: what the metrics report per token.
     */
    public List<SpaceReservation> reservedNow() throws SrmException {
        Instant now = clock.instant();
        return store.find(Optional.empty()).stream().filter(r -> r.stateAt(now) == SpaceState.RESERVED).toList();
    }

    // --- lifetimes and static tokens ---

    /**
     * Expires up to {@code limit} reservations whose lifetime ran out (for the reaper): each leaves its files in the
     * namespace and stops counting against its VO.
     *
     * @return how many expired
     */
    public int expireDue(int limit) throws SrmException {
        Instant now = clock.instant();
        int n = 0;
        for (SpaceToken token : store.expired(now, limit)) {
            store.update(token, r -> r.stateAt(now) == SpaceState.EXPIRED ? r.withState(SpaceState.EXPIRED) : r,
                    SpaceQuota.UNLIMITED);
            LOG.info("space {} expired", token.shortId());
            n++;
        }
        return n;
    }

    /**
     * Keeps the configuration's static tokens as reservations that cannot be released. A size of 0 (the storage's
     * own size) keeps no limit of its own.
     */
    public void declareStatic(String name, Optional<String> group, long sizeBytes, String description)
            throws SrmException {
        long total = sizeBytes > 0 ? sizeBytes : Long.MAX_VALUE;
        store.declare(SpaceReservation.declared(name, group, total, description, clock.instant()));
    }
}
