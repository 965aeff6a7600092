package org.opensrm.server.soap.ops;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.RequestKind;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.FileOutcome;
import org.opensrm.core.service.RequestControl;
import org.opensrm.core.service.RequestSummary;
import org.opensrm.core.service.RequestTokenInfo;

/**
 * A tiny request control for the ops' tests: requests kept in a map by token, each owned by a DN, suspendable and
 * resumable, summarised and found by description, refusing as full mode's does (no token given, nothing found:
 * SRM_INVALID_REQUEST). Nothing else (abort, release, extend).
 */
final class InMemoryRequests implements RequestControl {
    /** One request: whose, what kind, its description, when made, and its files' counts. */
    static final class Held {
        final String owner;
        final RequestKind kind;
        final Optional<String> description;
        final Instant createdAt;
        final int completed;
        final int waiting;
        final int failed;
        boolean suspended;

        Held(String owner, RequestKind kind, String description, Instant createdAt, int completed, int waiting,
             int failed) {
            this.owner = owner;
            this.kind = kind;
            this.description = Optional.ofNullable(description);
            this.createdAt = createdAt;
            this.completed = completed;
            this.waiting = waiting;
            this.failed = failed;
        }
    }

    final Map<String, Held> requests = new LinkedHashMap<>();

    void add(String token, Held request) {
        requests.put(token, request);
    }

    private Held owned(Caller caller, String token) throws SrmException {
        Held h = requests.get(token);
        if (h == null) {
            throw SrmException.invalidRequest("unknown request token");
        }
        if (!h.owner.equals(caller.dn())) {
            throw new SrmException(SrmStatus.SRM_AUTHORIZATION_FAILURE, "not your request");
        }
        return h;
    }

    @Override
    public void suspend(Caller caller, String token) throws SrmException {
        Held h = owned(caller, token);
        if (h.waiting == 0) {
            throw new SrmException(SrmStatus.SRM_FAILURE, "the request is finished");
        }
        h.suspended = true;
    }

    @Override
    public void resume(Caller caller, String token) throws SrmException {
        Held h = owned(caller, token);
        if (!h.suspended) {
            throw new SrmException(SrmStatus.SRM_FAILURE, "the request is not suspended");
        }
        h.suspended = false;
    }

    @Override
    public List<RequestSummary> summaries(Caller caller, List<String> tokens) throws SrmException {
        if (tokens.isEmpty()) {
            throw SrmException.invalidRequest("no request token given");
        }
        List<RequestSummary> out = new ArrayList<>();
        for (String token : tokens) {
            try {
                Held h = owned(caller, token);
                SrmStatus status = h.suspended ? SrmStatus.SRM_REQUEST_SUSPENDED
                        : h.waiting > 0 ? SrmStatus.SRM_REQUEST_QUEUED : SrmStatus.SRM_SUCCESS;
                out.add(new RequestSummary(token, status, "", Optional.of(h.kind),
                        h.completed + h.waiting + h.failed, h.completed, h.waiting, h.failed));
            } catch (SrmException e) {
                out.add(RequestSummary.refused(token, e.status(), e.getMessage()));
            }
        }
        return out;
    }

    @Override
    public List<RequestTokenInfo> tokens(Caller caller, Optional<String> description) throws SrmException {
        List<RequestTokenInfo> out = new ArrayList<>();
        requests.forEach((token, h) -> {
            if (h.owner.equals(caller.dn()) && (description.isEmpty() || description.equals(h.description))) {
                out.add(new RequestTokenInfo(token, h.createdAt));
            }
        });
        if (out.isEmpty()) {
            throw SrmException.invalidRequest("no such request");
        }
        return out;
    }

    @Override
    public List<FileOutcome> abort(Caller caller, String token, List<String> subset) {
        throw new UnsupportedOperationException();
    }

    @Override
    public List<FileOutcome> release(Caller caller, String token, List<String> surls) {
        throw new UnsupportedOperationException();
    }

    @Override
    public List<ExtendedLifetime> extend(Caller caller, String token, List<String> surls, Integer newPinSeconds) {
        throw new UnsupportedOperationException();
    }
}
