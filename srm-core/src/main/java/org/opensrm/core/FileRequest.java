package org.opensrm.core;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.opensrm.common.SrmStatus;

/**
 * One file of a request and where it stands. Immutable: every change returns a new value and checks the move
 * against {@link StateTransitions}; a move the table does not allow throws {@link IllegalStateException} (a bug
 * in the caller, never a client error).
 *
 * @param index        position in the request, from 0
 * @param surl         the SURL as the client sent it, with the path it names when read at intake (a copy's source)
 * @param targetSurl   a copy's target, as {@code surl}
 * @param state        where it stands
 * @param status       the file-level status the client sees: {@code state.status()}, or for {@link FileState#FAILED}
 *                     the precise failure code
 * @param explanation  said to the client with the status; empty if nothing to say
 * @param turl         the transfer URL while ready
 * @param size         the file's size when known (put: as announced)
 * @param pinLifetime  the pin or TURL lifetime granted; zero for the server's default
 * @param fileLifetime the file lifetime asked (put)
 * @param pinExpiresAt when the pin or TURL runs out; present exactly while the file holds one
 */
public record FileRequest(int index, Surl surl, Optional<Surl> targetSurl, FileState state, SrmStatus status,
                          String explanation, Optional<String> turl, OptionalLong size, Duration pinLifetime,
                          Duration fileLifetime, Optional<Instant> pinExpiresAt) {
    public FileRequest {
        Objects.requireNonNull(surl, "surl");
        Objects.requireNonNull(targetSurl, "targetSurl");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(explanation, "explanation");
        Objects.requireNonNull(turl, "turl");
        Objects.requireNonNull(size, "size");
        requireNotNegative(pinLifetime, "pinLifetime");
        requireNotNegative(fileLifetime, "fileLifetime");
        Objects.requireNonNull(pinExpiresAt, "pinExpiresAt");
        if (state == FileState.FAILED ? (status.isSuccess() || isProgress(status)) : status != state.status()) {
            throw new IllegalArgumentException("file status " + status + " does not fit state " + state);
        }
    }

    /** A file as a store keeps it: its SURLs as text ({@link Surl#unread}), their paths read again where needed. */
    public FileRequest(int index, String surl, Optional<String> targetSurl, FileState state, SrmStatus status,
                       String explanation, Optional<String> turl, OptionalLong size, Duration pinLifetime,
                       Duration fileLifetime, Optional<Instant> pinExpiresAt) {
        this(index, Surl.unread(Objects.requireNonNull(surl, "surl")), targetSurl.map(Surl::unread), state, status,
                explanation, turl, size, pinLifetime, fileLifetime, pinExpiresAt);
    }

    static FileRequest queued(int index, NewFile f) {
        return new FileRequest(index, f.surl(), f.targetSurl(), FileState.QUEUED, SrmStatus.SRM_REQUEST_QUEUED, "",
                Optional.empty(), f.size(), f.pinLifetime(), f.fileLifetime(), Optional.empty());
    }

    /** Moves to {@code next} (not {@link FileState#FAILED}: use {@link #fail}); ends any pin and TURL. */
    public FileRequest moveTo(FileState next) {
        if (next == FileState.FAILED) {
            throw new IllegalArgumentException("a failure carries its code: use fail()");
        }
        check(next);
        Optional<String> keptTurl = next.isTerminal() ? Optional.empty() : turl;
        return new FileRequest(index, surl, targetSurl, next, next.status(), explanation, keptTurl, size,
                pinLifetime, fileLifetime, Optional.empty());
    }

    /**
     * Serves the file: moves it to {@code kind}'s ready state with its TURL (if the kind has one) and size, pinned
     * until {@code now + pinLifetime} when a pin lifetime was granted.
     */
    public FileRequest ready(RequestKind kind, Optional<String> transferUrl, OptionalLong knownSize, Instant now) {
        FileState next = kind.readyState();
        check(next);
        Optional<Instant> expiry = pinLifetime.isZero() ? Optional.empty() : Optional.of(now.plus(pinLifetime));
        return new FileRequest(index, surl, targetSurl, next, next.status(), explanation, transferUrl, knownSize,
                pinLifetime, fileLifetime, expiry);
    }

    /** Fails the file with the precise code the client must see. */
    public FileRequest fail(SrmStatus code, String why) {
        check(FileState.FAILED);
        return new FileRequest(index, surl, targetSurl, FileState.FAILED, code, why, Optional.empty(), size,
                pinLifetime, fileLifetime, Optional.empty());
    }

    /** Grants another pin lifetime; only before the pin is served or while it is held. */
    public FileRequest withPinLifetime(Duration lifetime, Instant now) {
        requireNotNegative(lifetime, "pinLifetime");
        Optional<Instant> expiry = pinExpiresAt.map(e -> now.plus(lifetime));
        if (!state.isWaiting() && pinExpiresAt.isEmpty()) {
            throw new IllegalStateException("file " + index + " in " + state + " holds no pin to extend");
        }
        return new FileRequest(index, surl, targetSurl, state, status, explanation, turl, size, lifetime,
                fileLifetime, expiry);
    }

    public FileRequest withExplanation(String text) {
        return new FileRequest(index, surl, targetSurl, state, status, text, turl, size, pinLifetime, fileLifetime,
                pinExpiresAt);
    }

    /** Nothing more will happen to it: a terminal state, or done without a pin (a put after srmPutDone, an ls). */
    public boolean isSettled() {
        return state.isTerminal() || (state == FileState.SUCCESS && pinExpiresAt.isEmpty());
    }

    private void check(FileState next) {
        if (!state.canMoveTo(next)) {
            throw new IllegalStateException("file " + index + " cannot move from " + state + " to " + next);
        }
    }

    private static boolean isProgress(SrmStatus s) {
        return s == SrmStatus.SRM_REQUEST_QUEUED || s == SrmStatus.SRM_REQUEST_INPROGRESS
                || s == SrmStatus.SRM_REQUEST_SUSPENDED;
    }

    static void requireNotNegative(Duration d, String what) {
        Objects.requireNonNull(d, what);
        if (d.isNegative()) {
            throw new IllegalArgumentException(what + " is negative");
        }
    }
}
