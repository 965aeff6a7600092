package org.opensrm.core;

import static org.opensrm.core.FileState.ABORTED;
import static org.opensrm.core.FileState.FAILED;
import static org.opensrm.core.FileState.FILE_LIFETIME_EXPIRED;
import static org.opensrm.core.FileState.FILE_PINNED;
import static org.opensrm.core.FileState.IN_PROGRESS;
import static org.opensrm.core.FileState.QUEUED;
import static org.opensrm.core.FileState.RELEASED;
import static org.opensrm.core.FileState.SPACE_AVAILABLE;
import static org.opensrm.core.FileState.SUCCESS;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one place that says which state may follow which, for requests and for file requests, and which outcome a
 * request takes from its files. Anything else is a bug: {@link Request} and {@link FileRequest} throw
 * {@link IllegalStateException} for a transition this table does not allow.
 */
public final class StateTransitions {
    private static final Map<FileState, Set<FileState>> FILE = new EnumMap<>(FileState.class);
    private static final Map<RequestState, Set<RequestState>> REQUEST = new EnumMap<>(RequestState.class);

    static {
        // Waiting files may be served (in their kind's ready state), aborted or failed; in progress may go back
        // to the queue (no door could be chosen, the request was suspended).
        FILE.put(QUEUED, EnumSet.of(IN_PROGRESS, FILE_PINNED, SPACE_AVAILABLE, SUCCESS, ABORTED, FAILED));
        FILE.put(IN_PROGRESS, EnumSet.of(QUEUED, FILE_PINNED, SPACE_AVAILABLE, SUCCESS, ABORTED, FAILED));
        // A pinned get: released by the client, expired by the reaper, or aborted (which releases it).
        FILE.put(FILE_PINNED, EnumSet.of(RELEASED, FILE_LIFETIME_EXPIRED, ABORTED));
        // A put waiting for its upload: srmPutDone (SUCCESS, or FAILED when nothing was written), expiry, abort.
        FILE.put(SPACE_AVAILABLE, EnumSet.of(SUCCESS, FAILED, FILE_LIFETIME_EXPIRED, ABORTED));
        // A bring-online holds its pin in SUCCESS until released or expired.
        FILE.put(SUCCESS, EnumSet.of(RELEASED, FILE_LIFETIME_EXPIRED));
        for (FileState terminal : List.of(RELEASED, FILE_LIFETIME_EXPIRED, ABORTED, FAILED)) {
            FILE.put(terminal, EnumSet.noneOf(FileState.class));
        }

        REQUEST.put(RequestState.QUEUED, EnumSet.of(RequestState.IN_PROGRESS, RequestState.SUSPENDED,
                RequestState.SUCCESS, RequestState.PARTIAL_SUCCESS, RequestState.FAILURE, RequestState.ABORTED,
                RequestState.TIMED_OUT));
        REQUEST.put(RequestState.IN_PROGRESS, EnumSet.of(RequestState.SUSPENDED, RequestState.SUCCESS,
                RequestState.PARTIAL_SUCCESS, RequestState.FAILURE, RequestState.ABORTED, RequestState.TIMED_OUT));
        REQUEST.put(RequestState.SUSPENDED, EnumSet.of(RequestState.QUEUED, RequestState.IN_PROGRESS,
                RequestState.ABORTED, RequestState.TIMED_OUT));
        // A finished get or bring-online may still hold pins: aborting it releases them. A put whose files have
        // space (SUCCESS or PARTIAL_SUCCESS) times out when its total request time runs out before srmPutDone.
        REQUEST.put(RequestState.SUCCESS, EnumSet.of(RequestState.ABORTED, RequestState.TIMED_OUT));
        REQUEST.put(RequestState.PARTIAL_SUCCESS, EnumSet.of(RequestState.ABORTED, RequestState.TIMED_OUT));
        REQUEST.put(RequestState.FAILURE, EnumSet.noneOf(RequestState.class));
        REQUEST.put(RequestState.ABORTED, EnumSet.noneOf(RequestState.class));
        REQUEST.put(RequestState.TIMED_OUT, EnumSet.noneOf(RequestState.class));
    }

    private StateTransitions() {
    }

    public static boolean allowed(FileState from, FileState to) {
        return FILE.get(from).contains(to);
    }

    public static boolean allowed(RequestState from, RequestState to) {
        return REQUEST.get(from).contains(to);
    }

    /** The states a file request may move to from {@code from} (unmodifiable). */
    public static Set<FileState> successors(FileState from) {
        return Collections.unmodifiableSet(FILE.get(from));
    }

    /** The states a request may move to from {@code from} (unmodifiable). */
    public static Set<RequestState> successors(RequestState from) {
        return Collections.unmodifiableSet(REQUEST.get(from));
    }

    /**
     * The state a queued or in-progress request is in given its files: queued while every file is queued, in
     * progress while any file still waits, and once none waits {@link RequestState#SUCCESS} if every file was
     * served, {@link RequestState#FAILURE} if none was, {@link RequestState#PARTIAL_SUCCESS} otherwise.
     * Any other request state is returned unchanged: suspension, abort and time-out are decided by the engine.
     */
    public static RequestState derive(RequestState current, List<FileRequest> files) {
        if (current != RequestState.QUEUED && current != RequestState.IN_PROGRESS) {
            return current;
        }
        boolean anyWaiting = false;
        boolean allQueued = true;
        int served = 0;
        for (FileRequest f : files) {
            anyWaiting |= f.state().isWaiting();
            allQueued &= f.state() == QUEUED;
            served += f.state().isSuccess() ? 1 : 0;
        }
        if (anyWaiting) {
            return allQueued ? current : RequestState.IN_PROGRESS;
        }
        if (served == files.size()) {
            return RequestState.SUCCESS;
        }
        return served == 0 ? RequestState.FAILURE : RequestState.PARTIAL_SUCCESS;
    }
}
