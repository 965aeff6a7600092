package org.opensrm.core.full;

import java.util.Optional;
import java.util.OptionalLong;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.core.FileRequest;
import org.opensrm.core.Request;

/**
 * The work one kind of request does for one of its files, run by the {@link Dispatcher}'s threads as the owner's
 * mapped account. It only looks and prepares; the dispatcher stores the outcome through {@link Request} and
 * {@link FileRequest}, which check every transition.
 */
interface FileWorker {

    /** What serving a file gave: its TURL (if the kind has one) and its size when known. */
    record Served(Optional<String> turl, OptionalLong size) {
        static final Served NOTHING = new Served(Optional.empty(), OptionalLong.empty());
    }

    /**
     * Whether the file is marked in progress in the store before the work starts: for work long enough that a
     * client polling meanwhile should see it (a listing), not for a stat.
     */
    default boolean marksInProgress() {
        return false;
    }

    /**
     * Whether a small new request of this kind may be served at once in the maker's thread when its kind has free
     * places and an empty queue ({@link Dispatcher#serveAtOnce}): for work that is quick and needs nothing but the
     * file and the account (a stat and a door), and that does not mark files in progress.
     */
    default boolean servesAtOnce() {
        return false;
    }

    /**
     * Whether serving a file again gives the client nothing it could tell from the first time (a stat and a door: a
     * get's or bring-online's), so that its outcome may be kept {@link org.opensrm.core.Durability#REDOABLE} on a
     * store several frontends share: when a crash of the database undoes it, the frontend holding the request
     * serves the file again ({@link Dispatcher#requeueRedoable}). Not for work with effects outside the store (a
     * put's upload, a copy).
     */
    default boolean redoable() {
        return false;
    }

    /**
     * Serves the file.
     *
     * @throws NoDoorException no healthy GridFTP door now: the file stays queued and is tried again later
     * @throws SrmException    the file fails with this status; a {@link org.opensrm.core.FencedException} (the
     *                         request was taken over by another frontend) drops the file instead, storing nothing
     */
    Served work(Request request, FileRequest file, Account account) throws SrmException, NoDoorException;
}
