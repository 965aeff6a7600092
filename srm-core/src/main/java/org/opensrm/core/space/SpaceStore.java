package org.opensrm.core.space;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.core.Owner;

/**
 * Where space reservations and the files in them are kept. As {@link org.opensrm.core.RequestStore}: a failure of
 * the store itself is {@code SRM_INTERNAL_ERROR} within a bounded time, and what a call returned is kept.
 *
 * <p>Every change of used bytes is one atomic, conditional step against the stored value ({@link #allocate},
 * {@link #free}, {@link #commitFile}, {@link #moveFile}, {@link #removeFile}), so that puts racing for the last
 * bytes of a reservation, from this process or another frontend, get exactly what fits and no more.
 *
 * <p>Implementations: {@code SpaceStores.embedded} (SQLite, the request store's database) and
 * {@code SpaceStores.postgres}, in the stores module ({@code org.opensrm.stores}); both pass the contract suite
 * in this module's test-jar ({@code org.opensrm.core.space.contract}).
 */
public interface SpaceStore extends AutoCloseable {
    /** The quota key of every dynamic reservation together, for {@link #reservedBytes}. */
    String SITE = "*";

    /**
     * Keeps a new reservation, checking {@code quota} in the same transaction.
     *
     * @throws SrmException {@code SRM_DUPLICATION_ERROR} for a token already kept, {@code SRM_EXCEED_ALLOCATION}
     *                      when its group's reserved total would pass {@link SpaceQuota#groupLimit},
     *                      {@code SRM_NO_FREE_SPACE} when the site's would pass {@link SpaceQuota#siteLimit}
     */
    SpaceReservation create(SpaceReservation reservation, SpaceQuota quota) throws SrmException;

    /**
     * Keeps a static token from the configuration: made when missing, otherwise its sizes, group and description
     * follow the configuration and its used size and files stay.
     */
    SpaceReservation declare(SpaceReservation staticToken) throws SrmException;

    /** @throws SrmException {@code SRM_INVALID_REQUEST} for a token this store does not know */
    SpaceReservation load(SpaceToken token) throws SrmException;

    /**
     * Applies {@code change} to the reservation as stored and keeps the result atomically (two updates never
     * interleave; a refused one writes nothing). Growth of its total is checked against {@code quota} as in
     * {@link #create}. The token, owner, group, static flag, creation time and used size cannot change.
     */
    SpaceReservation update(SpaceToken token, SpaceChange change, SpaceQuota quota) throws SrmException;

    /** Reserved reservations (not released or expired by the store) with this description, or all of them. */
    List<SpaceReservation> find(Optional<String> description) throws SrmException;

    /** {@code owner}'s reservations in any state (same DN and account), with this description if given. */
    List<SpaceReservation> findByOwner(Owner owner, Optional<String> description) throws SrmException;

    /**
     * The total bytes of reserved, unexpired reservations under {@code quotaKey} at {@code now} ({@link #SITE}: all
     * dynamic ones).
     */
    long reservedBytes(String quotaKey, Instant now) throws SrmException;

    /**
     * Takes {@code bytes} of the reservation's free space, if they fit at this moment.
     *
     * @return the reservation after the allocation
     * @throws SrmException {@code SRM_EXCEED_ALLOCATION} when they do not fit (nothing taken),
     *                      {@code SRM_SPACE_LIFETIME_EXPIRED} past its lifetime, {@code SRM_INVALID_REQUEST} for an
     *                      unknown or released token
     */
    SpaceReservation allocate(SpaceToken token, long bytes, Instant now) throws SrmException;

    /** Gives {@code bytes} back (an abandoned upload); used never goes below zero. */
    SpaceReservation free(SpaceToken token, long bytes) throws SrmException;

    /**
     * A put finished: the file at {@code file.path()} now takes {@code file.sizeBytes()} of its space, of which
     * {@code claimedBytes} were allocated when it was admitted. The difference is allocated (refused as
     * {@link #allocate} does, nothing changed) or freed; a file kept before at that path (overwritten) gives its
     * bytes back to its space. One transaction.
     */
    SpaceFile commitFile(SpaceFile file, long claimedBytes, Instant now) throws SrmException;

    /** The file at {@code path}, if it is in a space. */
    Optional<SpaceFile> file(SrmPath path) throws SrmException;

    /** The files in the space, by path. */
    List<SpaceFile> files(SpaceToken token) throws SrmException;

    /** The file leaves its space (removed, purged) and gives its bytes back, in one transaction. */
    Optional<SpaceFile> removeFile(SrmPath path) throws SrmException;

    /**
     * The file (in a space or not; {@code sizeBytes} is its size when it is in none) moves into {@code to}: its
     * bytes are allocated there (refused as {@link #allocate} does, nothing changed) and given back to its former
     * space, in one transaction. Its lifetime in the space becomes {@code expiresAt}.
     */
    SpaceFile moveFile(SrmPath path, long sizeBytes, SpaceToken to, Optional<Instant> expiresAt, Instant now)
            throws SrmException;

    /** A file renamed in the namespace (srmMv) keeps its space. No-op for a file in none. */
    void renameFile(SrmPath from, SrmPath to) throws SrmException;

    /** Sets how long a file stays in its space. @throws SrmException {@code SRM_INVALID_PATH} if in none */
    SpaceFile extendFile(SrmPath path, Optional<Instant> expiresAt) throws SrmException;

    /** Up to {@code limit} tokens of reserved reservations whose lifetime ran out at {@code now}. */
    List<SpaceToken> expired(Instant now, int limit) throws SrmException;

    /** Releases connections; unusable afterwards. */
    @Override
    void close();
}
