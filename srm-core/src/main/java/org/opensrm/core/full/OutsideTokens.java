package org.opensrm.core.full;

import java.time.Clock;
import java.util.Optional;
import org.opensrm.authz.AccountResolver;
import org.opensrm.backend.FileStat;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FileState;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestStore;
import org.opensrm.core.gateway.TokenCodec;
import org.opensrm.core.gateway.TokenRequestStore;
import org.opensrm.core.service.Transfers;
import org.opensrm.core.service.ReleasedFiles;
import org.opensrm.core.service.StagingArea;
import org.opensrm.core.service.SurlParser;
import org.opensrm.core.service.Uploads;

/**
 * Gateway mode's store: signed tokens ({@link TokenRequestStore}), and what the engine's calls change that a token
 * cannot hold, kept where it shows anyway. A put's file landed by srmPutDone is seen on disk (its upload gone and
 * its target written since the put was made: {@code SRM_SUCCESS}); an aborted or expired one by its upload's
 * tombstone, which the engine leaves ({@link PutUploads}) and which refuses a late transfer
 * ({@code SRM_ABORTED}); a put's file that failed at srmPutDone keeps nothing, its upload (or its absence) saying
 * where it stands. A get's or bring-online's file released or aborted is remembered in this frontend's memory
 * ({@link ReleasedFiles}) until the request expires: on another frontend, or after a restart, it shows pinned
 * again, which is harmless as nothing is pinned on disk. A change nothing outside keeps, a new lifetime or a
 * suspension, is refused {@code SRM_NOT_SUPPORTED}. Several frontends sharing the token key (behind a load
 * balancer) answer alike for all but the releases.
 */
public final class OutsideTokens implements TokenRequestStore.Outside {
    private final Uploads uploads;
    private final StagingArea staging;
    private final SurlParser surls;
    private final AccountResolver accounts;
    private final ReleasedFiles released;
    private final Clock clock;

    private OutsideTokens(Uploads uploads, StagingArea staging, SurlParser surls, AccountResolver accounts,
                          ReleasedFiles released, Clock clock) {
        this.uploads = uploads;
        this.staging = staging;
        this.surls = surls;
        this.accounts = accounts;
        this.released = released;
        this.clock = clock;
    }

    /**
     * Gateway mode's request store.
     *
     * @param uploads  the uploads of puts (the upload journal's)
     * @param released the releases this frontend remembers
     * @param transfers forms the TURLs of tokens issued before the engine ran gateway mode
     */
    public static RequestStore store(TokenCodec codec, Uploads uploads, StagingArea staging, SurlParser surls,
                                     AccountResolver accounts, ReleasedFiles released, Transfers transfers,
                                     Clock clock) {
        Doors doors = new Doors(transfers);
        return new TokenRequestStore(codec, new OutsideTokens(uploads, staging, surls, accounts, released, clock),
                doors::legacyTurl, clock);
    }

    @Override
    public Request observe(Request signed, Owner caller) throws SrmException {
        if (signed.kind() == RequestKind.PUT) {
            return observePut(signed, caller);
        }
        String id = TokenCodec.idOf(signed.token().value());
        Request r = signed;
        for (FileRequest f : signed.files()) {
            Optional<FileState> end = holdsPin(f) ? released.endOf(id, f.index()) : Optional.empty();
            if (end.isPresent()) {
                r = r.withFile(f.index(), x -> x.moveTo(end.get()), clock.instant());
            }
        }
        return r;
    }

    private Request observePut(Request signed, Owner caller) throws SrmException {
        Request r = signed;
        Account account = null;
        for (FileRequest f : signed.files()) {
            if (f.state() != FileState.SPACE_AVAILABLE) {
                continue;
            }
            if (account == null) {
                account = accounts.resolve(caller.account());
            }
            SrmPath upload = UploadPaths.of(staging.directoryOf(account), signed, f.index());
            SrmPath target = surls.pathOf(f.surl());
            if (uploads.isAborted(account, upload)) {
                Optional<String> why = uploads.janitor().whyEnded(upload); // this frontend's, when it said why
                r = r.withFile(f.index(), x -> why.map(x.moveTo(FileState.ABORTED)::withExplanation)
                        .orElseGet(() -> x.moveTo(FileState.ABORTED)), clock.instant());
            } else if (uploads.landedBefore(account, upload, target, signed.createdAt())) {
                long size = uploads.statIfExists(account, target).map(FileStat::size).orElse(0L);
                r = r.withFile(f.index(), x -> new FileRequest(x.index(), x.surl(), x.targetSurl(), x.state(),
                        x.status(), x.explanation(), x.turl(), java.util.OptionalLong.of(size), x.pinLifetime(),
                        x.fileLifetime(), x.pinExpiresAt()).moveTo(FileState.SUCCESS), clock.instant());
            }
        }
        return r;
    }

    @Override
    public void keep(Request before, Request after) throws SrmException {
        boolean filesChanged = false;
        for (int i = 0; i < before.files().size(); i++) {
            FileRequest was = before.file(i);
            FileRequest is = after.file(i);
            if (was.equals(is)) {
                continue;
            }
            filesChanged = true;
            if (was.state() == is.state()) {
                throw new SrmException(SrmStatus.SRM_NOT_SUPPORTED, "gateway mode cannot change a lifetime: the"
                        + " signed request token fixes it; " + secondsLeft(was) + " s are left");
            }
            if (before.kind() == RequestKind.PUT) {
                requirePutEnd(is);
            } else if (is.state() == FileState.RELEASED || is.state() == FileState.ABORTED) {
                released.end(TokenCodec.idOf(before.token().value()), i, is.state(), before.expiresAt());
            } else {
                throw notKept();
            }
        }
        if (!filesChanged && !before.equals(after)) {
            throw notKept();
        }
    }

    /** A put's file ended by the engine: what srmPutDone or an abort left on disk tells it later. */
    private static void requirePutEnd(FileRequest f) throws SrmException {
        if (f.state() != FileState.SUCCESS && f.state() != FileState.ABORTED && f.state() != FileState.FAILED) {
            throw notKept();
        }
    }

    private static SrmException notKept() {
        return new SrmException(SrmStatus.SRM_NOT_SUPPORTED, "a request of gateway mode cannot change");
    }

    private long secondsLeft(FileRequest f) {
        return f.pinExpiresAt().map(e -> Math.max(0, java.time.Duration.between(clock.instant(), e).toSeconds()))
                .orElse(0L);
    }

    /** A get's pinned file, or a bring-online's file pinned in SUCCESS. */
    private static boolean holdsPin(FileRequest f) {
        return f.state() == FileState.FILE_PINNED
                || (f.state() == FileState.SUCCESS && f.pinExpiresAt().isPresent());
    }
}
