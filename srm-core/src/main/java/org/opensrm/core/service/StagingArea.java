package org.opensrm.core.service;

import org.opensrm.backend.FileStat;
import org.opensrm.backend.PosixMode;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the transfers of puts are written until srmPutDone renames them into place: {@code /.srm-uploads} below
 * the backend root, on the same file system as every target (so that the rename is atomic) but outside the SURL
 * namespace ({@link SurlParser} refuses any SURL that reaches it and listings never show it). An upload in
 * progress therefore never shows in its target directory, never stops that directory's removal, and keeps its
 * TURL when the directory is renamed.
 *
 * <p>The area is a drop box ({@link StorageBackend#createDropBox}: mode 1733, owned by the server) holding one
 * directory per account, named after it, owned by it with mode 0700, made on the account's first put. GridFTP
 * doors write the TURL's path as the mapped account, so each account creates its uploads in its own directory
 * and can neither list nor read another's.
 */
public final class StagingArea {
    private static final Logger LOG = LoggerFactory.getLogger(StagingArea.class);
    public static final String NAME = ".srm-uploads";
    public static final SrmPath ROOT = rootPath();
    private static final PosixMode PRIVATE = new PosixMode(7, 0, 0);

    private final StorageBackend backend;

    public StagingArea(StorageBackend backend) {
        this.backend = backend;
    }

    private static SrmPath rootPath() {
        try {
            return SrmPath.of("/" + NAME);
        } catch (SrmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Creates the drop box (or gives an existing one its mode); called once at start. */
    public void create() throws SrmException {
        backend.createDropBox(ROOT);
    }

    /** Whether {@code path} is the staging area or lies below it. */
    public static boolean reaches(SrmPath path) {
        return !path.isRoot() && path.segments().get(0).equals(NAME);
    }

    /**
     * The account's own directory of the area, made (as the account, mode 0700) if missing.
     *
     * @throws SrmException {@code SRM_INTERNAL_ERROR} when something that is not the account's own directory
     *                      holds its name (another account made it first: the operator must remove it)
     */
    public SrmPath directoryOf(Account account) throws SrmException {
        SrmPath dir = ROOT.child(account.name());
        FileStat st;
        try {
            st = backend.stat(account, dir);
        } catch (SrmException e) {
            if (e.status() != SrmStatus.SRM_INVALID_PATH) {
                throw e;
            }
            try {
                backend.mkdir(account, dir);
            } catch (SrmException made) {
                if (made.status() != SrmStatus.SRM_DUPLICATION_ERROR) {
                    throw made;
                }
            }
            st = backend.stat(account, dir);
        }
        if (!st.isDirectory() || !st.ownerName().equals(account.name())) {
            LOG.warn("staging directory {} belongs to {}, not to {}: remove it", dir, st.ownerName(), account.name());
            throw new SrmException(SrmStatus.SRM_INTERNAL_ERROR, "the staging directory of " + account.name()
                    + " is not its own; the storage's operator must remove " + dir);
        }
        if (!st.mode().equals(PRIVATE)) {
            backend.setMode(account, dir, PRIVATE);
        }
        return dir;
    }
}
