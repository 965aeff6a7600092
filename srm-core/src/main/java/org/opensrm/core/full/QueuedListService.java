package org.opensrm.core.full;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.PathPolicy;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FileState;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestToken;
import org.opensrm.core.Surl;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.ListService;
import org.opensrm.core.service.Lister;
import org.opensrm.core.service.LsOptions;
import org.opensrm.core.service.LsResult;
import org.opensrm.core.service.PathDetail;
import org.opensrm.core.service.SurlParser;

/**
 * srmLs and srmStatusOfLsRequest in full mode. A listing of at most {@link FullModeConfig#lsAsyncSurls} SURLs and
 * at most {@link FullModeConfig#lsAsyncLevels} levels is answered at once by the {@link Lister}, as in gateway
 * mode. A larger or deeper one becomes an LS request ({@code SRM_REQUEST_QUEUED} with its token): each SURL is a
 * file that the engine lists as the owner's account, and srmStatusOfLsRequest answers queued or in progress until
 * every SURL is listed, then the entries (paged with offset and count over each listed directory's entries).
 *
 * <p>The listings themselves are not stored: the store keeps each SURL's outcome, and the entries are kept in
 * memory, at most {@link FullModeConfig#lsEntriesKept} entries in all, the least recently asked for dropped first. A listing this frontend no
 * longer holds (evicted, listed before a restart, or listed by another frontend) is listed again when its status
 * is asked for, by the caller, who is the owner. Bearer-token scopes are checked for every SURL when the request
 * is made; the worker lists below them with the owner's account alone. As in gateway mode a listing carries
 * at most {@code ls.max.entries} entries (the {@link Lister}'s bound).
 */
public final class QueuedListService implements ListService {
    private static final String FULL_DETAIL = "fullDetail";
    private static final String LEVELS = "levels";
    private static final String OFFSET = "offset";
    private static final String COUNT = "count";

    private final Lister lister;
    private final SurlParser surls;
    private final Intake intake;
    private final Answers answers;
    private final FullModeConfig config;
    private final KeptListings kept;

    QueuedListService(Lister lister, SurlParser surls, Intake intake, Answers answers, FullModeConfig config) {
        this.lister = lister;
        this.surls = surls;
        this.intake = intake;
        this.answers = answers;
        this.config = config;
        this.kept = new KeptListings(config.lsEntriesKept());
    }

    /** Whether this listing is answered asynchronously. */
    boolean isAsync(List<String> surlList, LsOptions options) {
        return surlList.size() > config.lsAsyncSurls() || options.levels() < 0
                || options.levels() > config.lsAsyncLevels();
    }

    @Override
    public LsResult ls(Caller caller, List<String> surlList, LsOptions options) throws SrmException {
        boolean malformed = options.offset() < 0 || options.count() < 0 || options.levels() < -1;
        if (surlList.isEmpty() || malformed || !isAsync(surlList, options)) {
            return lister.ls(caller, surlList, options); // which refuses what is malformed
        }
        intake.requireFileCount(surlList.size(), "arrayOfSURLs");
        List<NewFile> files = new ArrayList<>(surlList.size());
        Map<Integer, SrmException> refused = new HashMap<>();
        for (String surl : surlList) {
            String text = surl == null ? "" : surl;
            Surl read;
            try {
                read = surls.read(text, caller, Access.READ);
            } catch (SrmException e) {
                refused.put(files.size(), e);
                read = Surl.unread(text);
            }
            files.add(NewFile.of(read));
        }
        Map<String, String> parameters = Map.of(FULL_DETAIL, Boolean.toString(options.fullDetail()),
                LEVELS, Integer.toString(options.levels()), OFFSET, Integer.toString(options.offset()),
                COUNT, Integer.toString(options.count()));
        NewRequest r = new NewRequest(RequestKind.LS, caller.owner(), Optional.empty(), parameters,
                intake.requestLifetime(Optional.empty()), files);
        Request stored = intake.submit(r, refused, Intake.BeforeQueueing.NOTHING);
        return result(caller, stored, 0, 0);
    }

    @Override
    public LsResult statusOfLs(Caller caller, String token, int offset, int count) throws SrmException {
        if (offset < 0 || count < 0) {
            throw SrmException.invalidRequest("offset and count must not be negative");
        }
        return result(caller, answers.owned(caller, token, RequestKind.LS), offset, count);
    }

    private LsResult result(Caller caller, Request r, int offset, int count) throws SrmException {
        Optional<String> token = Optional.of(r.token().value());
        if (r.state().isActive()) {
            return new LsResult(r.status(), r.explanation().isEmpty() ? null : r.explanation(), List.of(), token);
        }
        PathDetail[] listed = kept.get(r.token(), r.files().size());
        List<PathDetail> details = new ArrayList<>(r.files().size());
        String firstFailure = null;
        for (FileRequest f : r.files()) {
            PathDetail d;
            if (f.state() != FileState.SUCCESS) {
                d = PathDetail.failed(f.surl().text(), f.status(), f.explanation().isEmpty() ? null : f.explanation());
                firstFailure = firstFailure == null ? d.explanation() : firstFailure;
            } else {
                d = listed[f.index()];
                if (d == null) {
                    d = list(caller, f.surl(), options(r));
                    kept.keep(r.token(), r.files().size(), f.index(), d);
                }
            }
            details.add(page(d, offset, count));
        }
        String why = !r.explanation().isEmpty() ? r.explanation() : r.status().isSuccess() ? null : firstFailure;
        return new LsResult(r.status(), why, details, token);
    }

    /** Entries {@code offset} to {@code offset + count} (0: all) of a listed directory. */
    private static PathDetail page(PathDetail d, int offset, int count) {
        if (offset == 0 && count == 0) {
            return d;
        }
        List<PathDetail> children = d.children();
        int from = Math.min(offset, children.size());
        int to = count == 0 ? children.size() : (int) Math.min(children.size(), (long) from + count);
        return new PathDetail(d.path(), d.status(), d.explanation(), d.stat(), d.adler32(),
                children.subList(from, to));
    }

    private PathDetail list(Caller caller, Surl surl, LsOptions options) {
        return lister.list(caller, surl, options);
    }

    private static LsOptions options(Request r) {
        Map<String, String> p = r.parameters();
        return new LsOptions(Boolean.parseBoolean(p.get(FULL_DETAIL)), Integer.parseInt(p.getOrDefault(LEVELS, "1")),
                Integer.parseInt(p.getOrDefault(OFFSET, "0")), Integer.parseInt(p.getOrDefault(COUNT, "0")));
    }

    /** The engine's work for a SURL of a listing: lists it as the owner's account and keeps the entries. */
    FileWorker worker() {
        return new FileWorker() {
            @Override
            public boolean marksInProgress() {
                return true;
            }

            @Override
            public Served work(Request r, FileRequest f, Account account) throws SrmException {
                Caller owner = new Caller(ClientIdentity.of(r.owner().dn()), account, PathPolicy.ANY,
                        r.owner().dn());
                PathDetail d = list(owner, f.surl(), options(r));
                if (!d.status().isSuccess() && d.status() != SrmStatus.SRM_FILE_BUSY) {
                    throw new SrmException(d.status(), d.explanation() == null ? d.status().name() : d.explanation());
                }
                kept.keep(r.token(), r.files().size(), f.index(), d);
                return Served.NOTHING;
            }
        };
    }
}
