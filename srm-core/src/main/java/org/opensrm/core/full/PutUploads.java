package org.opensrm.core.full;

import java.time.Instant;
import java.util.Optional;
import org.opensrm.authz.AccountResolver;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FileState;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.service.StagingArea;
import org.opensrm.core.service.UploadJanitor;
import org.opensrm.core.service.Uploads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes the uploads of a full-mode put whose files ended without srmPutDone (aborted, TURL lifetime expired,
 * request timed out). An upload lives in the owner's directory of the staging area ({@link UploadPaths}), outside
 * the SURL namespace, so nothing half-written is ever visible at a target; removing it frees its space. Removal
 * is idempotent: an upload already gone (removed by another frontend, never written) is not an error.
 */
public final class PutUploads {
    private static final Logger LOG = LoggerFactory.getLogger(PutUploads.class);

    private final StorageBackend backend;
    private final StagingArea staging;
    private final AccountResolver accounts;
    private final Uploads tombstones;
    private final Optional<UploadJanitor> janitor;

    /**
     * @param accounts resolves a request owner's account name when no caller is at hand (the {@link Reaper})
     */
    public PutUploads(StorageBackend backend, StagingArea staging, AccountResolver accounts) {
        this(backend, staging, accounts, null, Optional.empty());
    }

    /**
     * As above, also telling the upload journal that a removed upload's put has ended, so that its target is free
     * for a new put and its directory for srmRmdir at once (not only when the journal's own expiry comes).
     */
    public PutUploads(StorageBackend backend, StagingArea staging, AccountResolver accounts,
                      Optional<UploadJanitor> janitor) {
        this(backend, staging, accounts, null, janitor);
    }

    /**
     * @param tombstones where a store keeps no requests (gateway mode), an ended upload is replaced by its
     *                   tombstone ({@link Uploads#abort}, which also tells the journal), which is how later calls
     *                   learn that the put ended; null to remove it
     */
    PutUploads(StorageBackend backend, StagingArea staging, AccountResolver accounts, Uploads tombstones,
               Optional<UploadJanitor> janitor) {
        this.backend = backend;
        this.staging = staging;
        this.accounts = accounts;
        this.tombstones = tombstones;
        this.janitor = janitor;
    }

    /** Whether {@code f}, a file of a put, ended without srmPutDone and must therefore leave no upload. */
    static boolean endedUnfinished(FileRequest f) {
        return f.state() == FileState.ABORTED || f.state() == FileState.FILE_LIFETIME_EXPIRED
                || (f.state() == FileState.FAILED && f.status() == SrmStatus.SRM_REQUEST_TIMED_OUT);
    }

    /** Removes the uploads of every file of {@code r} (a put) that ended unfinished, as the owner's account. */
    public void removeUnfinished(Request r) throws SrmException {
        removeUnfinished(r, accounts.resolve(r.owner().account()));
    }

    /** As {@link #removeUnfinished(Request)}, acting as {@code owner} (the caller, who owns the request). */
    public void removeUnfinished(Request r, Account owner) throws SrmException {
        if (r.kind() != RequestKind.PUT || r.files().stream().noneMatch(PutUploads::endedUnfinished)) {
            return;
        }
        var dir = staging.directoryOf(owner);
        for (FileRequest f : r.files()) {
            if (!endedUnfinished(f)) {
                continue;
            }
            var upload = UploadPaths.of(dir, r, f.index());
            if (tombstones != null) {
                tombstones.abort(owner, upload, r.expiresAt());
                continue;
            }
            if (janitor.isPresent()) {
                Optional<Instant> until = janitor.get().expiryOf(upload);
                if (until.isPresent()) { // a late write to it is still removed then
                    janitor.get().aborted(owner, upload, until.get());
                }
            }
            try {
                backend.delete(owner, upload);
                LOG.info("removed the upload of file {} ({})", f.index(), f.state());
            } catch (SrmException e) {
                if (e.status() != SrmStatus.SRM_INVALID_PATH) {
                    throw e;
                }
            }
        }
    }
}
