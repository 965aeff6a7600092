package org.opensrm.core.full;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FileState;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestStore;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.RequestStatus;
import org.opensrm.core.service.SurlParser;
import org.opensrm.core.service.TransferFile;
import org.opensrm.core.service.TransferResult;

/**
 * What the queued services share: the owner a caller's requests are bound to, finding the caller's own request of
 * one kind by its token, and answering a request's state as the client sees it, from the store, with the times
 * left counted from now.
 */
final class Answers {
    /** Waiting files of one answer whose wait the queue is asked for. */
    static final int ESTIMATED_FILES = 100;

    private final RequestStore store;
    private final Dispatcher dispatcher;
    private final SurlParser surls;
    private final Clock clock;

    Answers(RequestStore store, Dispatcher dispatcher, SurlParser surls, Clock clock) {
        this.store = store;
        this.dispatcher = dispatcher;
        this.surls = surls;
        this.clock = clock;
    }

    /**
     * The caller's request of {@code kind}.
     *
     * @throws SrmException {@code SRM_INVALID_REQUEST} for a malformed or unknown token or one of another kind,
     *                      {@code SRM_AUTHORIZATION_FAILURE} for another user's (saying nothing about it)
     */
    Request owned(Caller caller, String token, RequestKind kind) throws SrmException {
        return owned(caller, token, kind, List.of());
    }

    /** As {@link #owned(Caller, String, RequestKind)}, for a call about the files {@code subset} names. */
    Request owned(Caller caller, String token, RequestKind kind, List<String> subset) throws SrmException {
        Request r = store.loadOwned(QueuedRequestControl.tokenOf(token), caller.owner(), subset);
        if (r.kind() != kind) {
            throw SrmException.invalidRequest("the request token belongs to a request of another kind");
        }
        return r;
    }

    /**
     * The request and every file, or those of {@code subset} (a SURL not in the request: SRM_INVALID_PATH); the
     * request-level status is the whole request's either way (GFD.129 §5.2, §5.6: it describes the request). The
     * queue is asked for the wait of at most {@value #ESTIMATED_FILES} waiting files (each estimate walks the
     * owner's queue); any further waiting file is given the last of those, a lower bound that is enough to tell
     * the client when to ask again.
     */
    TransferResult of(Request r, List<String> subset) {
        Instant now = clock.instant();
        Estimates waits = new Estimates(r);
        List<TransferFile> answers = new ArrayList<>();
        if (subset == null || subset.isEmpty()) {
            r.files().forEach(f -> answers.add(file(f, f.surl().text(), now, waits)));
        } else {
            Finder files = finder(r);
            for (String surl : subset) {
                Optional<FileRequest> f = files.find(surl);
                answers.add(f.isPresent() ? file(f.get(), surl, now, waits)
                        : TransferFile.failed(surl, SrmStatus.SRM_INVALID_PATH, surl + " is not part of this request"));
            }
        }
        SrmStatus status = requestStatus(r);
        return new TransferResult(r.token().value(), status, explanation(r, answers, status), answers,
                secondsLeft(r.expiresAt(), now));
    }

    /**
     * The request-level status of a status call: the whole request's, whichever files the call names. A request
     * that finished with its files served still changes when some of them are aborted or released later: its status
     * is then read from every file ({@link RequestStatus#ofStatusCall}: all aborted {@code SRM_ABORTED}, some
     * {@code SRM_PARTIAL_SUCCESS}). A failed request's is read from its files too: every file aborted is
     * {@code SRM_ABORTED} whatever ended them (gateway mode learns of a superseded or aborted upload from its
     * tombstone, not from an abort of the request), every file failed for want of a door that was busy
     * {@code SRM_INTERNAL_ERROR}, on which clients retry ({@link RequestStatus#of}).
     */
    static SrmStatus requestStatus(Request r) {
        if (r.state() == RequestState.SUCCESS || r.state() == RequestState.PARTIAL_SUCCESS
                || r.state() == RequestState.FAILURE) {
            return RequestStatus.ofStatusCall(r.files(), FileRequest::status, SrmStatus.SRM_SUCCESS);
        }
        return r.status();
    }

    /** The estimated waits of one answer's waiting files, in whole seconds, at least one. */
    private final class Estimates {
        private final Request request;
        private int asked;
        private int last = 1;

        Estimates(Request request) {
            this.request = request;
        }

        int of(FileRequest f) {
            if (asked < ESTIMATED_FILES) {
                asked++;
                Duration d = dispatcher.estimatedWait(request, f.index());
                last = (int) Math.max(1, (d.toMillis() + 999) / 1000);
            }
            return last;
        }
    }

    /** Finds the files of {@code r} by the SURLs a call names: the same text, or the same namespace path. */
    Finder finder(Request r) {
        return new Finder(r);
    }

    /** The files of one request by SURL, indexed on first use: one pass per call, not one per named SURL. */
    final class Finder {
        private final Request request;
        private Map<String, FileRequest> byText;
        private Map<SrmPath, FileRequest> byPath;

        private Finder(Request request) {
            this.request = request;
        }

        Optional<FileRequest> find(String surl) {
            if (byText == null) {
                byText = new HashMap<>();
                request.files().forEach(f -> byText.putIfAbsent(f.surl().text(), f));
            }
            FileRequest same = byText.get(surl);
            if (same != null) {
                return Optional.of(same);
            }
            try {
                SrmPath path = surls.parse(surl);
                if (byPath == null) {
                    byPath = new HashMap<>();
                    for (FileRequest f : request.files()) {
                        try {
                            byPath.putIfAbsent(surls.pathOf(f.surl()), f);
                        } catch (SrmException refusedAtOnce) {
                            // a SURL that never named a path of this storage matches only by its text
                        }
                    }
                }
                return Optional.ofNullable(byPath.get(path));
            } catch (SrmException e) {
                return Optional.empty();
            }
        }
    }

    private TransferFile file(FileRequest f, String surl, Instant now, Estimates waits) {
        Integer wait = null;
        if (f.state().isWaiting()) {
            wait = waits.of(f);
        } else if (f.turl().isPresent()) {
            wait = 0;
        }
        Integer left = f.state() == FileState.RELEASED ? Integer.valueOf(0) // released: no pin time left
                : f.pinExpiresAt().map(e -> secondsLeft(e, now)).orElse(null);
        Long size = f.size().isPresent() ? f.size().getAsLong() : null;
        return new TransferFile(surl, f.status(), f.explanation().isEmpty() ? null : f.explanation(),
                f.turl().orElse(null), size, left, wait);
    }

    private static String explanation(Request r, List<TransferFile> files, SrmStatus status) {
        if (!r.explanation().isEmpty()) {
            return r.explanation();
        }
        if (status.isSuccess()) {
            return null;
        }
        return files.stream().filter(f -> !f.status().isSuccess()).map(TransferFile::explanation)
                .filter(e -> e != null).findFirst().orElse(null);
    }

    /** Whole seconds left, rounded: a lifetime granted just now is reported as granted, not a second less. */
    static int secondsLeft(Instant end, Instant now) {
        return (int) Math.max(0, (Duration.between(now, end).toMillis() + 500) / 1000);
    }
}
