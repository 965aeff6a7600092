package org.opensrm.core.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.StorageBackend;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Surl;

/**
 * srmLs: stats each SURL and lists directories to the depth asked. A listing without a count returns at most
 * {@code ls.max.entries} entries (the rest is paged with offset/count after an {@code SRM_TOO_MANY_RESULTS}); a
 * page asked with a count returns up to that many, at most {@code max(ls.max.entries, 1000)}. Listings are read
 * from the backend on every call: no cache can go stale.
 */
public final class Lister implements ListService {
    /**
     * The page size gfal2 (2.21) asks for with offset/count after an {@code SRM_TOO_MANY_RESULTS}: a fixed 1000.
     * It takes a page shorter than that for the end of the listing (and an {@code SRM_TOO_MANY_RESULTS} to it for
     * a failure, EFBIG), so an explicit count is honoured up to this many entries even when {@code ls.max.entries}
     * is lower; the maximum limits the answers to listings that do not page.
     */
    static final int CLIENT_PAGE = 1000;

    private final StorageBackend backend;
    private final SurlParser surls;
    private final int maxEntries;
    private final UploadsInProgress uploads;

    public Lister(StorageBackend backend, SurlParser surls, int maxEntries, UploadsInProgress uploads) {
        this.backend = backend;
        this.surls = surls;
        this.maxEntries = maxEntries;
        this.uploads = uploads;
    }

    @Override
    public LsResult ls(Caller caller, List<String> surlList, LsOptions options) throws SrmException {
        if (surlList.isEmpty()) {
            throw SrmException.invalidRequest("arrayOfSURLs is empty");
        }
        if (options.offset() < 0 || options.count() < 0 || options.levels() < -1) {
            throw SrmException.invalidRequest("offset, count and numOfLevels must not be negative");
        }
        int pageLimit = largestPage(maxEntries);
        int[] budget = {options.count() > 0 ? Math.min(options.count(), pageLimit) : maxEntries};
        boolean[] truncated = {false};
        List<PathDetail> details = new ArrayList<>(surlList.size());
        for (String surl : surlList) {
            details.add(detail(caller, surl, options, budget, truncated));
        }
        SrmStatus status = RequestStatus.of(details, Lister::answered, SrmStatus.SRM_SUCCESS);
        boolean countLimited = options.count() > 0 && options.count() <= pageLimit;
        if (truncated[0] && !countLimited && status == SrmStatus.SRM_SUCCESS) {
            return new LsResult(SrmStatus.SRM_TOO_MANY_RESULTS,
                    "more than " + maxEntries + " entries: page with offset and count", details);
        }
        return new LsResult(status, status.isSuccess() ? null : firstFailure(details), details);
    }

    /** A file being uploaded is listed in full (with SRM_FILE_BUSY as the spec asks): the request answered it. */
    private static SrmStatus answered(PathDetail d) {
        return d.status() == SrmStatus.SRM_FILE_BUSY ? SrmStatus.SRM_SUCCESS : d.status();
    }

    private static String firstFailure(List<PathDetail> details) {
        return details.stream().filter(d -> !answered(d).isSuccess()).map(PathDetail::explanation)
                .findFirst().orElse(null);
    }

    /**
     * One SURL of a listing request, listed as {@link #ls} lists it, from the path read when the request was made
     * (the caller's path policy checked again).
     */
    public PathDetail list(Caller caller, Surl surl, LsOptions options) {
        SrmPath path;
        try {
            path = surls.pathOf(surl);
            caller.paths().check(Access.READ, path);
        } catch (SrmException e) {
            return PathDetail.failed(surl.text(), e.status(), e.getMessage());
        }
        int[] budget = {options.count() > 0 ? Math.min(options.count(), largestPage(maxEntries)) : maxEntries};
        return detail(caller, path, options, budget, new boolean[1]);
    }

    private PathDetail detail(Caller caller, String surl, LsOptions options, int[] budget, boolean[] truncated) {
        SrmPath path;
        try {
            path = surls.parse(surl, caller, Access.READ);
        } catch (SrmException e) {
            return PathDetail.failed(surl, e.status(), e.getMessage());
        }
        return detail(caller, path, options, budget, truncated);
    }

    private PathDetail detail(Caller caller, SrmPath path, LsOptions options, int[] budget, boolean[] truncated) {
        try {
            FileStat stat;
            try {
                stat = backend.stat(caller.account(), path);
            } catch (SrmException e) {
                Optional<PathDetail> busy = e.status() == SrmStatus.SRM_INVALID_PATH
                        ? beingUploaded(caller, path, options) : Optional.empty();
                if (busy.isPresent()) {
                    return busy.get();
                }
                throw e;
            }
            String sum = options.fullDetail() ? adler32(caller, path, stat) : null;
            List<PathDetail> children = List.of();
            if (stat.isDirectory() && options.levels() != 0) {
                children = children(caller, path, options, options.offset(), levelsBelow(options.levels()), budget,
                        truncated);
            }
            return new PathDetail(path.toString(), SrmStatus.SRM_SUCCESS, null, stat, sum, children);
        } catch (SrmException e) {
            return PathDetail.failed(path.toString(), e.status(), e.getMessage());
        }
    }

    private String adler32(Caller caller, SrmPath path, FileStat stat) throws SrmException {
        if (!stat.isFile()) {
            return null;
        }
        Optional<String> stored = stat.adler32();
        return stored.isPresent() ? stored.get() : backend.checksum(caller.account(), path, "adler32");
    }

    /**
     * A target that does not exist yet but whose upload this caller has transferred and not finished: listed from
     * the upload (its size, times and adler32, which is stored with it and so kept by srmPutDone) under the
     * target's path, with SRM_FILE_BUSY, while that upload is in progress; one that has stalled is not there
     * (SRM_INVALID_PATH, saying so), as srmRmdir of its directory decides.
     */
    private Optional<PathDetail> beingUploaded(Caller caller, SrmPath target, LsOptions options) throws SrmException {
        Optional<SrmPath> upload = uploads.uploadOf(target, caller.account());
        if (upload.isEmpty()) {
            return Optional.empty();
        }
        FileStat stat;
        try {
            stat = backend.stat(caller.account(), upload.get());
        } catch (SrmException e) {
            return Optional.empty();
        }
        if (!stat.isFile()) {
            return Optional.empty(); // an aborted put's tombstone
        }
        Optional<String> stalled = uploads.stalled(target);
        if (stalled.isPresent()) { // what srmRmdir of its directory sees too
            return Optional.of(PathDetail.failed(target.toString(), SrmStatus.SRM_INVALID_PATH, target
                    + " does not exist: the put to it is open but " + stalled.get()
                    + "; srmRmdir of its directory removes it, srmRm ends the put"));
        }
        String sum = options.fullDetail() ? adler32(caller, upload.get(), stat) : null;
        return Optional.of(new PathDetail(target.toString(), SrmStatus.SRM_FILE_BUSY,
                "being uploaded: srmPutDone has not been called yet", stat, sum, List.of()));
    }

    private static int levelsBelow(int levels) {
        return levels < 0 ? -1 : levels - 1;
    }

    private List<PathDetail> children(Caller caller, SrmPath dir, LsOptions options, int offset, int deeper,
                                      int[] budget, boolean[] truncated) throws SrmException {
        List<FileStat> entries = backend.list(caller.account(), dir);
        List<PathDetail> out = new ArrayList<>();
        int skipped = 0;
        for (FileStat e : entries) {
            String name = e.path().name();
            if (UploadNames.isUpload(name) || (dir.isRoot() && name.equals(StagingArea.NAME))) {
                continue;
            }
            if (skipped < offset) {
                skipped++;
                continue;
            }
            if (budget[0] <= 0) {
                truncated[0] = true;
                break;
            }
            budget[0]--;
            List<PathDetail> grand = List.of();
            if (e.isDirectory() && deeper != 0) {
                try {
                    grand = children(caller, e.path(), options, 0, levelsBelow(deeper), budget, truncated);
                } catch (SrmException ex) {
                    out.add(PathDetail.failed(e.path().toString(), ex.status(), ex.getMessage()));
                    continue;
                }
            }
            String sum = e.adler32().orElse(null);
            out.add(new PathDetail(e.path().toString(), SrmStatus.SRM_SUCCESS, null, e, sum, grand));
        }
        return out;
    }

    /** The most entries one listing answers, given {@code ls.max.entries}: a page asked with a count may be larger. */
    public static int largestPage(int maxEntries) {
        return Math.max(maxEntries, CLIENT_PAGE);
    }
}
