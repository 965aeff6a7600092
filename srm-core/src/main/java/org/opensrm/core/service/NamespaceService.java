package org.opensrm.core.service;

import java.util.ArrayList;
import java.util.List;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.StorageBackend;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The directory operations: srmMkdir, srmRmdir, srmRm, srmMv (onto an existing directory: into it) and the three
 * permission calls. srmRm of a target that does not exist yet but that the caller is uploading aborts that put
 * ({@link PutService#abortOpenPut}); srmRmdir of a directory that an open put uploads into is
 * {@code SRM_NON_EMPTY_DIRECTORY} (recursive: {@code SRM_FILE_BUSY}) while that upload is in progress, as srmLs
 * lists that file {@code SRM_FILE_BUSY}; an upload that has stalled ({@link UploadsInProgress}) does not keep the
 * directory: srmRmdir removes it and ends that put ({@link PutService#endStalled}), as srmLs no longer lists it.
 * Files srmRm removed and srmMv renamed are told to {@link NamespaceChanges} (full mode's space reservations).
 */
public final class NamespaceService {
    private static final Logger LOG = LoggerFactory.getLogger(NamespaceService.class);

    private final StorageBackend backend;
    private final SurlParser surls;
    private final PutService puts;
    private final NamespaceChanges changes;
    private final UploadsInProgress uploads;

    public NamespaceService(StorageBackend backend, SurlParser surls, PutService puts) {
        this(backend, surls, puts, NamespaceChanges.NONE);
    }

    public NamespaceService(StorageBackend backend, SurlParser surls, PutService puts, NamespaceChanges changes) {
        this(backend, surls, puts, changes, UploadsInProgress.NONE);
    }

    /**
     * @param uploads the open puts (the upload journal): srmRmdir of a directory that an open put uploads into
     *                is refused, as srmLs lists that file {@code SRM_FILE_BUSY}
     */
    public NamespaceService(StorageBackend backend, SurlParser surls, PutService puts, NamespaceChanges changes,
                            UploadsInProgress uploads) {
        this.backend = backend;
        this.surls = surls;
        this.puts = puts;
        this.changes = changes;
        this.uploads = uploads;
    }

    public void mkdir(Caller caller, String surl) throws SrmException {
        SrmPath path = surls.parse(surl, caller, Access.CREATE);
        if (path.isRoot()) {
            throw new SrmException(SrmStatus.SRM_DUPLICATION_ERROR, "the root directory exists");
        }
        backend.mkdir(caller.account(), path);
    }

    public void rmdir(Caller caller, String surl, boolean recursive) throws SrmException {
        SrmPath path = surls.parse(surl, caller, Access.MODIFY);
        if (path.isRoot()) {
            throw SrmException.denied("the root directory cannot be removed");
        }
        FileStat stat = backend.stat(caller.account(), path);
        if (!stat.isDirectory()) {
            throw SrmException.invalidPath(path + " is not a directory");
        }
        if (uploads.uploadingInto(path, recursive)) {
            throw new SrmException(recursive ? SrmStatus.SRM_FILE_BUSY : SrmStatus.SRM_NON_EMPTY_DIRECTORY,
                    path + " has a file being uploaded into it by a put not finished yet (srmPutDone), aborted or"
                            + " expired, whose upload is in progress (written within srm.put.idle)");
        }
        List<UploadsInProgress.Stalled> stalled = uploads.stalledInto(path, recursive);
        backend.rmdir(caller.account(), path, recursive);
        for (UploadsInProgress.Stalled s : stalled) {
            String why = "aborted: srmRmdir removed " + path + ", and " + s.why();
            try {
                puts.endStalled(s, why);
            } catch (SrmException e) {
                LOG.warn("{} was removed, but the stalled put to {} could not be ended: {}", path, s.target(),
                        e.getMessage());
            }
        }
    }

    public List<FileOutcome> rm(Caller caller, List<String> surlList) throws SrmException {
        requireSurls(surlList);
        List<FileOutcome> out = new ArrayList<>(surlList.size());
        for (String surl : surlList) {
            try {
                SrmPath path = surls.parse(surl, caller, Access.MODIFY);
                FileStat stat;
                try {
                    stat = backend.stat(caller.account(), path);
                } catch (SrmException e) {
                    if (e.status() == SrmStatus.SRM_INVALID_PATH && puts.abortOpenPut(caller, path)) {
                        out.add(FileOutcome.ok(surl));
                        continue;
                    }
                    throw e;
                }
                if (stat.isDirectory()) {
                    throw SrmException.invalidPath(path + " is a directory (use srmRmdir)");
                }
                backend.delete(caller.account(), path);
                try {
                    changes.removed(path);
                } catch (SrmException e) {
                    LOG.warn("{} was removed, but its space could not be told: {}", path, e.getMessage());
                }
                out.add(FileOutcome.ok(surl));
            } catch (SrmException e) {
                out.add(FileOutcome.failed(surl, e));
            }
        }
        return out;
    }

    public void mv(Caller caller, String fromSurl, String toSurl) throws SrmException {
        SrmPath from = surls.parse(fromSurl, caller, Access.MODIFY);
        SrmPath to = surls.parse(toSurl, caller, Access.CREATE);
        if (from.isRoot()) {
            throw SrmException.invalidPath("the root directory cannot be moved");
        }
        if (from.equals(to)) {
            backend.stat(caller.account(), from);
            return;
        }
        if (from.contains(to)) {
            throw SrmException.invalidPath("cannot move " + from + " into itself");
        }
        SrmPath target = into(caller, from, to);
        if (target.equals(from)) {
            backend.stat(caller.account(), from);
            return; // moved into the directory that holds it: it is there already
        }
        backend.rename(caller.account(), from, target, false);
        try {
            changes.renamed(from, target);
        } catch (SrmException e) {
            LOG.warn("{} was renamed to {}, but its space could not be told: {}", from, target, e.getMessage());
        }
    }

    /**
     * Where srmMv puts {@code from}: into {@code to} when that is an existing directory (a file or a directory moved
     * onto a directory goes into it under its own name, as dCache does), else at {@code to}. The backend's rename
     * never replaces what exists, so a name taken inside the directory is still {@code SRM_DUPLICATION_ERROR}.
     */
    private SrmPath into(Caller caller, SrmPath from, SrmPath to) throws SrmException {
        FileStat target;
        try {
            target = backend.stat(caller.account(), to);
        } catch (SrmException e) {
            if (e.status() == SrmStatus.SRM_INVALID_PATH) {
                return to; // nothing there (or its parent is missing, which the rename reports)
            }
            throw e;
        }
        if (!target.isDirectory()) {
            return to;
        }
        SrmPath inside = to.child(from.name());
        caller.paths().check(Access.CREATE, inside);
        return inside;
    }

    public void setPermission(Caller caller, String surl, PermissionChange change) throws SrmException {
        SrmPath path = surls.parse(surl, caller, Access.MODIFY);
        FileStat stat = backend.stat(caller.account(), path);
        backend.setMode(caller.account(), path, change.applyTo(stat.mode()));
    }

    public List<AccessReport> checkPermission(Caller caller, List<String> surlList) throws SrmException {
        requireSurls(surlList);
        List<AccessReport> out = new ArrayList<>(surlList.size());
        for (String surl : surlList) {
            try {
                out.add(new AccessReport(surl, SrmStatus.SRM_SUCCESS, null,
                        backend.access(caller.account(), surls.parse(surl, caller, Access.READ))));
            } catch (SrmException e) {
                out.add(new AccessReport(surl, e.status(), e.getMessage(), null));
            }
        }
        return out;
    }

    public List<PermissionReport> getPermission(Caller caller, List<String> surlList) throws SrmException {
        requireSurls(surlList);
        List<PermissionReport> out = new ArrayList<>(surlList.size());
        for (String surl : surlList) {
            try {
                out.add(new PermissionReport(surl, SrmStatus.SRM_SUCCESS, null,
                        backend.stat(caller.account(), surls.parse(surl, caller, Access.READ))));
            } catch (SrmException e) {
                out.add(new PermissionReport(surl, e.status(), e.getMessage(), null));
            }
        }
        return out;
    }

    static void requireSurls(List<String> surlList) throws SrmException {
        if (surlList == null || surlList.isEmpty()) {
            throw SrmException.invalidRequest("arrayOfSURLs is empty");
        }
    }
}
