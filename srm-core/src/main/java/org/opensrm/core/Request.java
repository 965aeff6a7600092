package org.opensrm.core;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/**
 * An asynchronous request with its files and where it stands. Immutable: every change returns a new value,
 * checks the move against {@link StateTransitions} (an illegal move throws {@link IllegalStateException}), derives
 * the request's state from its files' ({@link StateTransitions#derive}) and records when it finished.
 *
 * @param token       its handle
 * @param kind        what was asked
 * @param owner       who asked; every client access is checked against it ({@link #requireOwner})
 * @param description the userRequestDescription
 * @param parameters  the kind's own parameters, by name
 * @param createdAt   when it was made
 * @param expiresAt   when its total request time runs out (it times out then if still active)
 * @param state       where it stands
 * @param explanation said to the client with the request-level status; empty if nothing to say
 * @param finishedAt  when it finished: its state is no longer active and every file is settled; only finished
 *                    requests are purged
 * @param files       its files, in the order the client gave them
 */
public record Request(RequestToken token, RequestKind kind, Owner owner, Optional<String> description,
                      Map<String, String> parameters, Instant createdAt, Instant expiresAt, RequestState state,
                      String explanation, Optional<Instant> finishedAt, List<FileRequest> files) {
    public Request {
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(description, "description");
        parameters = Map.copyOf(parameters);
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(explanation, "explanation");
        Objects.requireNonNull(finishedAt, "finishedAt");
        files = List.copyOf(files);
        if (files.isEmpty()) {
            throw new IllegalArgumentException("a request has at least one file");
        }
        for (int i = 0; i < files.size(); i++) {
            if (files.get(i).index() != i) {
                throw new IllegalArgumentException("file " + i + " carries index " + files.get(i).index());
            }
        }
    }

    /** A new request, queued with every file queued, made at {@code now}. */
    public static Request create(RequestToken token, NewRequest r, Instant now) {
        List<FileRequest> files = new ArrayList<>(r.files().size());
        for (int i = 0; i < r.files().size(); i++) {
            files.add(FileRequest.queued(i, r.files().get(i)));
        }
        return new Request(token, r.kind(), r.owner(), r.description(), r.parameters(), now, now.plus(r.lifetime()),
                RequestState.QUEUED, "", Optional.empty(), files);
    }

    /** The request-level status the client sees. */
    public SrmStatus status() {
        return state.status();
    }

    public FileRequest file(int index) {
        return files.get(index);
    }

    /** The first file with this SURL. */
    public Optional<FileRequest> fileBySurl(String surl) {
        return files.stream().filter(f -> f.surl().text().equals(surl)).findFirst();
    }

    /**
     * Refuses a caller who is not the owner, saying nothing about the request.
     *
     * @throws SrmException {@code SRM_AUTHORIZATION_FAILURE}
     */
    public void requireOwner(Owner caller) throws SrmException {
        if (!owner.sameUserAs(caller)) {
            throw SrmException.denied("request token belongs to another user");
        }
    }

    /** Changes one file, then derives the request's state. */
    public Request withFile(int index, UnaryOperator<FileRequest> change, Instant now) {
        List<FileRequest> next = new ArrayList<>(files);
        next.set(index, checkedIndex(index, change.apply(files.get(index))));
        return withFiles(next, state, explanation, now);
    }

    /** Changes every file (return a file unchanged to leave it), then derives the request's state. */
    public Request withEachFile(UnaryOperator<FileRequest> change, Instant now) {
        List<FileRequest> next = new ArrayList<>(files.size());
        for (FileRequest f : files) {
            next.add(checkedIndex(f.index(), change.apply(f)));
        }
        return withFiles(next, state, explanation, now);
    }

    /** Moves the request itself (suspend, resume, fail as a whole, ...). */
    public Request moveTo(RequestState next, String why, Instant now) {
        if (!state.canMoveTo(next)) {
            throw new IllegalStateException("request cannot move from " + state + " to " + next);
        }
        return withFiles(files, next, why, now);
    }

    /** Aborts the request: every file still waiting or holding a pin or upload is aborted, and the request. */
    public Request abort(String why, Instant now) {
        return endAs(RequestState.ABORTED, f -> f.state().canMoveTo(FileState.ABORTED)
                ? f.moveTo(FileState.ABORTED) : f, why, now);
    }

    /**
     * Its total request time ran out: every waiting file fails with SRM_REQUEST_TIMED_OUT, and the request. A put's
     * file with space available (its TURL never outlives the request) fails so too: srmPutDone came too late.
     */
    public Request timeOut(Instant now) {
        String why = "request lifetime expired at " + expiresAt;
        return endAs(RequestState.TIMED_OUT, f -> f.state().isWaiting() || holdsUpload(f)
                ? f.fail(SrmStatus.SRM_REQUEST_TIMED_OUT, why) : f, why, now);
    }

    /**
     * Whether its total request time ran out at {@code now} with something left to time out: it is still active,
     * or it is a put with a file waiting for srmPutDone.
     */
    public boolean timesOutAt(Instant now) {
        return !now.isBefore(expiresAt) && (state.isActive()
                || (state.canMoveTo(RequestState.TIMED_OUT) && files.stream().anyMatch(this::holdsUpload)));
    }

    private boolean holdsUpload(FileRequest f) {
        return kind == RequestKind.PUT && f.state() == FileState.SPACE_AVAILABLE;
    }

    /** Grants another total request time, counted from {@code now}. */
    public Request withExpiry(Instant newExpiry) {
        return new Request(token, kind, owner, description, parameters, createdAt, newExpiry, state, explanation,
                finishedAt, files);
    }

    public boolean isFinished() {
        return finishedAt.isPresent();
    }

    /** Moves the request to {@code end} and changes its files in the same step. */
    private Request endAs(RequestState end, UnaryOperator<FileRequest> fileChange, String why, Instant now) {
        if (!state.canMoveTo(end)) {
            throw new IllegalStateException("request cannot move from " + state + " to " + end);
        }
        List<FileRequest> next = new ArrayList<>(files.size());
        for (FileRequest f : files) {
            next.add(fileChange.apply(f));
        }
        return withFiles(next, end, why, now);
    }

    private Request withFiles(List<FileRequest> nextFiles, RequestState nextState, String why, Instant now) {
        RequestState derived = StateTransitions.derive(nextState, nextFiles);
        if (derived != nextState && !nextState.canMoveTo(derived)) {
            throw new IllegalStateException("request cannot move from " + nextState + " to " + derived);
        }
        Optional<Instant> finished = finishedAt;
        if (finished.isEmpty() && !derived.isActive() && nextFiles.stream().allMatch(FileRequest::isSettled)) {
            finished = Optional.of(now);
        }
        return new Request(token, kind, owner, description, parameters, createdAt, expiresAt, derived, why,
                finished, nextFiles);
    }

    private static FileRequest checkedIndex(int index, FileRequest f) {
        if (f.index() != index) {
            throw new IllegalArgumentException("a change moved file " + index + " to index " + f.index());
        }
        return f;
    }
}
