package org.opensrm.core.service;

import java.time.Instant;
import java.util.Optional;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the request engine's put service does with the upload of a put, in both modes: the target is checked before a put is
 * accepted; srmPutDone checks the transferred size, records the adler32 and renames the upload onto its target
 * atomically (no half-written file is ever visible at the target); an abort replaces the upload by a tombstone.
 * The {@link UploadJanitor} journals every upload so that an unfinished one is removed once its put expires.
 */
public final class Uploads {
    private static final Logger LOG = LoggerFactory.getLogger(Uploads.class);

    private final StorageBackend backend;
    private final UploadJanitor janitor;

    public Uploads(StorageBackend backend, UploadJanitor janitor) {
        this.backend = backend;
        this.janitor = janitor;
    }

    public UploadJanitor janitor() {
        return janitor;
    }

    /**
     * Checks that the caller may put to {@code path}: its parent is a directory the account may write, an existing
     * file is replaced only with {@code overwrite} (and the caller's MODIFY right), and no other open put is
     * writing to it.
     *
     * @throws SrmException {@code SRM_INVALID_PATH}, {@code SRM_AUTHORIZATION_FAILURE}, {@code SRM_DUPLICATION_ERROR}
     *                      or {@code SRM_FILE_BUSY}
     */
    public void checkTarget(Caller caller, SrmPath path, boolean overwrite) throws SrmException {
        checkTarget(caller, path, overwrite, (account, upload, expires) -> abort(account, upload, expires));
    }

    /**
     * Ends the caller's own open put that a new put of its target with overwrite supersedes: its upload is aborted
     * (a tombstone, so the old request answers {@code SRM_ABORTED}); full mode also aborts the old request's file.
     */
    @FunctionalInterface
    public interface Superseded {
        void end(Account account, SrmPath upload, Instant expires) throws SrmException;
    }

    /**
     * As {@link #checkTarget(Caller, SrmPath, boolean)}. An open put to {@code path} by the caller's own account is
     * superseded by this one when it asks to overwrite (what {@code gfal-copy -f} does after its earlier copy was
     * killed mid-upload): {@code superseded} ends it and the target is free. Without overwrite, or when another
     * account's put is open, the target is {@code SRM_FILE_BUSY}.
     */
    public void checkTarget(Caller caller, SrmPath path, boolean overwrite, Superseded superseded)
            throws SrmException {
        if (path.isRoot()) {
            throw SrmException.invalidPath("cannot put to the root directory");
        }
        FileStat parent;
        try {
            parent = backend.stat(caller.account(), path.parent());
        } catch (SrmException e) {
            if (e.status() == SrmStatus.SRM_INVALID_PATH) {
                throw SrmException.invalidPath("parent directory " + path.parent() + " does not exist");
            }
            throw e;
        }
        if (!parent.isDirectory()) {
            throw SrmException.invalidPath(path.parent() + " is not a directory");
        }
        if (!backend.access(caller.account(), path.parent()).write()) {
            throw SrmException.denied("no permission to create files in " + path.parent());
        }
        Optional<FileStat> existing = statIfExists(caller.account(), path);
        if (existing.isPresent()) {
            if (existing.get().isDirectory()) {
                throw SrmException.invalidPath(path + " is a directory");
            }
            if (!overwrite) {
                throw new SrmException(SrmStatus.SRM_DUPLICATION_ERROR, path + " exists (overwriteOption is not ALWAYS)");
            }
            caller.paths().check(Access.MODIFY, path); // overwriting is more than storage.create allows
        }
        if (janitor.busy(path)) {
            Optional<SrmPath> own = overwrite ? janitor.uploadOf(path, caller.account()) : Optional.empty();
            Optional<Instant> expires = own.flatMap(janitor::expiryOf);
            if (expires.isEmpty()) {
                throw new SrmException(SrmStatus.SRM_FILE_BUSY, path + " is being uploaded by another put that is "
                        + "neither finished, aborted nor expired" + (overwrite ? ""
                        : " (a put of the same account with overwrite supersedes it)"));
            }
            superseded.end(caller.account(), own.get(), expires.get());
            LOG.info("open put to {} superseded by a new put with overwrite of the same account", path);
        }
    }

    /**
     * Whether the put of {@code upload} has nothing to land because an earlier srmPutDone landed it already: the
     * upload is gone and the target was written since the put was made.
     */
    public boolean landedBefore(Account account, SrmPath upload, SrmPath target, Instant issued) throws SrmException {
        if (statIfExists(account, upload).isPresent()) {
            return false;
        }
        Optional<FileStat> landed = statIfExists(account, target);
        return landed.isPresent() && !landed.get().modified().isBefore(issued.minusSeconds(1));
    }

    /** Whether {@code upload} is an aborted put's tombstone. */
    public boolean isAborted(Account account, SrmPath upload) throws SrmException {
        Optional<FileStat> uploaded = statIfExists(account, upload);
        return uploaded.isPresent() && uploaded.get().isDirectory();
    }

    /**
     * srmPutDone of one file: lands {@code upload} on {@code target}. A retried srmPutDone of a landed put
     * succeeds again. When the target's directory vanished during the upload the data is kept (until the put
     * expires) so that recreating the directory and calling srmPutDone again still lands it.
     *
     * @param expectedSize the size the client declared; 0 when it declared none
     * @param issued       when the put was made
     * @param keptUntil    when the put expires (said to the client when the directory vanished)
     * @param surl         the SURL as the client named it, for the explanation
     * @throws SrmException {@code SRM_ABORTED} for an aborted put; {@code SRM_INVALID_PATH} when nothing was
     *                      transferred or the target's directory is gone; {@code SRM_FAILURE} when the size differs
     *                      from the declared one (the upload is discarded)
     */
    public void land(Account account, SrmPath upload, SrmPath target, long expectedSize, boolean overwrite,
                     Instant issued, Instant keptUntil, String surl) throws SrmException {
        Optional<FileStat> uploaded = statIfExists(account, upload);
        if (uploaded.isPresent() && uploaded.get().isDirectory()) {
            throw new SrmException(SrmStatus.SRM_ABORTED, janitor.whyEnded(upload)
                    .orElse("the put was aborted; nothing was stored"));
        }
        if (uploaded.isEmpty()) {
            if (landedBefore(account, upload, target, issued)) {
                return; // already done, e.g. a retried srmPutDone
            }
            throw new SrmException(SrmStatus.SRM_INVALID_PATH, "no data was transferred to the TURL of " + surl);
        }
        if (expectedSize > 0 && uploaded.get().size() != expectedSize) {
            backend.delete(account, upload);
            janitor.finished(upload);
            throw new SrmException(SrmStatus.SRM_FAILURE, "transferred " + uploaded.get().size()
                    + " bytes but " + expectedSize + " were declared; the upload was discarded");
        }
        if (!uploaded.get().ownerName().equals(account.name())) {
            adopt(account, upload, uploaded.get().ownerName());
        }
        String adler = backend.checksum(account, upload, "adler32");
        try {
            backend.rename(account, upload, target, overwrite);
        } catch (SrmException e) {
            if (e.status() == SrmStatus.SRM_INVALID_PATH && statIfExists(account, target.parent()).isEmpty()) {
                throw SrmException.invalidPath("the directory " + target.parent() + " no longer exists (moved or"
                        + " removed during the upload); the data is kept until " + keptUntil
                        + ": recreate the directory and call srmPutDone again");
            }
            throw e;
        }
        janitor.finished(upload);
        LOG.info("put done: {} ({} bytes, adler32 {})", target, uploaded.get().size(), adler);
    }

    /**
     * Aborts a put: its upload is removed at once and, in the staging area, replaced by an empty directory of the
     * same name, a tombstone that a late GridFTP transfer cannot write over and that makes srmPutDone answer
     * {@code SRM_ABORTED}; the janitor removes it after {@code expires}. (An upload beside its target, from a
     * gateway token of an earlier version, is removed and gets no tombstone.)
     */
    public void abort(Account account, SrmPath upload, Instant expires) throws SrmException {
        abort(account, upload, expires, null);
    }

    /** As above, remembering why the put ended ({@link UploadJanitor#whyEnded}); {@code why} may be null. */
    public void abort(Account account, SrmPath upload, Instant expires, String why) throws SrmException {
        Optional<FileStat> uploaded = statIfExists(account, upload);
        if (uploaded.isPresent() && uploaded.get().isDirectory()) {
            return; // aborted before
        }
        if (uploaded.isPresent()) {
            backend.delete(account, upload);
        }
        if (StagingArea.reaches(upload)) {
            backend.mkdir(account, upload);
            janitor.aborted(account, upload, expires, why);
        } else {
            janitor.finished(upload);
        }
    }

    /**
     * Gives an upload that a door wrote as itself (an XRootD door acts as one account for every client) to the
     * account before it lands; a storage that cannot change owners keeps it as it is, as it always did.
     */
    private void adopt(Account account, SrmPath upload, String writer) throws SrmException {
        try {
            backend.adopt(account, upload);
            LOG.debug("upload {} written by {} given to {}", upload, writer, account.name());
        } catch (SrmException e) {
            if (e.status() != SrmStatus.SRM_NOT_SUPPORTED) {
                throw e;
            }
        }
    }

    /** The file's metadata, or empty when it does not exist. */
    public Optional<FileStat> statIfExists(Account account, SrmPath path) throws SrmException {
        try {
            return Optional.of(backend.stat(account, path));
        } catch (SrmException e) {
            if (e.status() == SrmStatus.SRM_INVALID_PATH) {
                return Optional.empty();
            }
            throw e;
        }
    }
}
