package org.opensrm.core.space;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Owner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The space operations on files: srmChangeSpaceForFiles, srmExtendFileLifeTimeInSpace, srmPurgeFromSpace. */
final class SpaceFiles {
    private static final Logger LOG = LoggerFactory.getLogger(SpaceService.class);

    private final SpaceStore store;
    private final SpaceRules rules;
    private final FileSizes sizes;
    private final Clock clock;

    SpaceFiles(SpaceStore store, SpaceRules rules, FileSizes sizes, Clock clock) {
        this.store = store;
        this.rules = rules;
        this.sizes = sizes;
        this.clock = clock;
    }

    /** See {@link SpaceService#changeSpaceForFiles}. */
    List<SpaceFileResult> changeSpaceForFiles(Owner caller, SpaceToken target, List<SrmPath> paths)
            throws SrmException {
        Instant now = clock.instant();
        SpaceReservation r = rules.writable("srmChangeSpaceForFiles", caller, target, now);
        List<SpaceFileResult> out = new ArrayList<>(paths.size());
        for (SrmPath path : paths) {
            try {
                Optional<SpaceFile> current = store.file(path);
                long size;
                if (current.isPresent()) {
                    size = current.get().sizeBytes();
                } else {
                    OptionalLong found = sizes.sizeOf(path);
                    if (found.isEmpty()) {
                        throw SrmException.invalidPath("no such file " + path);
                    }
                    size = found.getAsLong();
                }
                store.moveFile(path, size, target, current.flatMap(SpaceFile::expiresAt).filter(
                        e -> r.expiresAt().isEmpty() || !e.isAfter(r.expiresAt().get())), now);
                out.add(SpaceFileResult.ok(path, Optional.empty()));
            } catch (SrmException e) {
                LOG.info("srmChangeSpaceForFiles {} for {}: {} {}", path, caller.dn(), e.status(), e.getMessage());
                out.add(SpaceFileResult.failed(path, e));
            }
        }
        return out;
    }

    /** See {@link SpaceService#extendFileLifeTimeInSpace}. */
    List<SpaceFileResult> extendFileLifeTimeInSpace(Owner caller, SpaceToken token, List<SrmPath> paths,
                                                           OptionalLong newLifetimeSeconds) throws SrmException {
        Instant now = clock.instant();
        SpaceReservation r = rules.writable("srmExtendFileLifeTimeInSpace", caller, token, now);
        long seconds = newLifetimeSeconds.orElse(ReserveRequest.INFINITE);
        if (seconds <= 0 && seconds != ReserveRequest.INFINITE) {
            throw SpaceRules.refused("srmExtendFileLifeTimeInSpace", caller, SrmException.invalidRequest(
                    "a lifetime must be positive (or -1 for infinite): " + seconds));
        }
        Optional<Instant> wish = seconds == ReserveRequest.INFINITE ? Optional.empty()
                : Optional.of(now.plusSeconds(seconds));
        Optional<Instant> granted = earlier(wish, r.expiresAt());
        List<SrmPath> targets = paths.isEmpty()
                ? store.files(token).stream().map(SpaceFile::path).toList() : paths;
        List<SpaceFileResult> out = new ArrayList<>(targets.size());
        for (SrmPath path : targets) {
            try {
                inSpace(path, token);
                SpaceFile f = store.extendFile(path, granted);
                out.add(SpaceFileResult.ok(path, f.expiresAt().map(e -> Duration.between(now, e))));
            } catch (SrmException e) {
                out.add(SpaceFileResult.failed(path, e));
            }
        }
        return out;
    }

    /** See {@link SpaceService#purgeFromSpace}. */
    List<SpaceFileResult> purgeFromSpace(Owner caller, SpaceToken token, List<SrmPath> paths)
            throws SrmException {
        Instant now = clock.instant();
        rules.writable("srmPurgeFromSpace", caller, token, now);
        List<SpaceFileResult> out = new ArrayList<>(paths.size());
        for (SrmPath path : paths) {
            try {
                SpaceFile f = inSpace(path, token);
                if (f.expiresAt().isEmpty() || f.expiresAt().get().isAfter(now)) {
                    throw new SrmException(SrmStatus.SRM_LAST_COPY, path + " is the only copy; srmRm removes it");
                }
                store.removeFile(path);
                out.add(SpaceFileResult.ok(path, Optional.empty()));
            } catch (SrmException e) {
                out.add(SpaceFileResult.failed(path, e));
            }
        }
        return out;
    }

    private SpaceFile inSpace(SrmPath path, SpaceToken token) throws SrmException {
        Optional<SpaceFile> f = store.file(path);
        if (f.isEmpty() || !f.get().token().equals(token)) {
            throw SrmException.invalidPath(path + " is not in space " + token.shortId());
        }
        return f.get();
    }

    private static Optional<Instant> earlier(Optional<Instant> a, Optional<Instant> b) {
        if (a.isEmpty()) {
            return b;
        }
        if (b.isEmpty()) {
            return a;
        }
        return a.get().isBefore(b.get()) ? a : b;
    }
}
