package org.opensrm.core.service;

import java.util.Optional;
import org.opensrm.common.Account;
import org.opensrm.common.SrmPath;

/**
 * Where the transfer of a put that is not finished yet is being written. ARC lists the target of an upload
 * (to compare checksums) after the transfer and before srmPutDone; the listing answers from the upload.
 */
public interface UploadsInProgress {
    /** Knows of no upload. */
    UploadsInProgress NONE = (target, account) -> Optional.empty();

    /** The newest unfinished upload to {@code target} prepared by {@code account}, if this server knows of one. */
    Optional<SrmPath> uploadOf(SrmPath target, Account account);

    /**
     * Whether an open put, by anyone, is uploading to a target directly in {@code directory} (or, with
     * {@code below}, anywhere below it): srmRmdir refuses to remove it. A put that was aborted, has expired or
     * was ended (superseded, or its transfer reported ended incomplete) counts for nothing.
     */
    default boolean uploadingInto(SrmPath directory, boolean below) {
        return false;
    }
}
