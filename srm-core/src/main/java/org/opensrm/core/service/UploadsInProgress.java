package org.opensrm.core.service;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.opensrm.common.Account;
import org.opensrm.common.SrmPath;

/**
 * Where the transfer of a put that is not finished yet is being written. ARC lists the target of an upload
 * (to compare checksums) after the transfer and before srmPutDone; the listing answers from the upload.
 *
 * <p>An open put's upload is in progress while it is live: written to within the idle time
 * ({@code srm.put.idle}), or, with nothing written yet, its put made or TURL handed out within it, or holding every
 * byte its client declared. Once it is not, it has stalled (a client killed mid-transfer: the door logs a stream
 * mode upload whose connection dropped as complete) and keeps no directory.
 */
public interface UploadsInProgress {
    /** Knows of no upload. */
    UploadsInProgress NONE = (target, account) -> Optional.empty();

    /** The newest unfinished upload to {@code target} prepared by {@code account}, if this server knows of one. */
    Optional<SrmPath> uploadOf(SrmPath target, Account account);

    /**
     * Whether an open put, by anyone, is uploading to a target directly in {@code directory} (or, with
     * {@code below}, anywhere below it) and that upload is live: srmRmdir refuses to remove it. A put that was
     * aborted, has expired or was ended (superseded, or its transfer reported ended incomplete), or whose upload has
     * stalled, counts for nothing.
     */
    default boolean uploadingInto(SrmPath directory, boolean below) {
        return false;
    }

    /** The open puts' uploads to targets in {@code directory} (or below it) that have stalled. */
    default List<Stalled> stalledInto(SrmPath directory, boolean below) {
        return List.of();
    }

    /** Why the open upload to {@code target} has stalled, or empty while it is live (or there is none). */
    default Optional<String> stalled(SrmPath target) {
        return Optional.empty();
    }

    /** An open put's upload that has stalled: whose, to where, its put's expiry, and why it counts as stalled. */
    record Stalled(Account account, SrmPath target, SrmPath upload, Instant expires, String why) {
    }
}
