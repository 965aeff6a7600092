package org.opensrm.core.service;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes uploads whose put was never finished, once the put has expired, so that an abandoned transfer leaves
 * nothing behind. Uploads are journaled in the state directory so a restart forgets none of them; it also tells
 * where the upload to a target is being written while its put is open, and whether that upload is still in
 * progress or has stalled ({@link UploadsInProgress}: nothing written to it, and no TURL handed out for it, within
 * the idle time, and not yet holding every byte its client declared). Frontends sharing a PostgreSQL store share
 * the journal instead ({@link UploadJournal}, in the store): an upload journaled through one frontend is busy,
 * found and swept through every other; nothing of it is kept in this process then, and an upload there never
 * counts as stalled (it keeps its target until its put ends or expires).
 */
public final class UploadJanitor implements UploadsInProgress {
    private static final Logger LOG = LoggerFactory.getLogger(UploadJanitor.class);
    /** Expired uploads one sweep of the shared journal removes at most (the next sweep takes the rest). */
    private static final int SHARED_SWEEP_BATCH = 1000;

    /**
     * {@code target} is null for an aborted put's tombstone, and for an upload journaled by an older version,
     * which did not record it.
     */
    private record Pending(Account account, SrmPath target, SrmPath upload, Instant expires, Instant since,
                           long expectedSize, String why) {
        Pending(Account account, SrmPath target, SrmPath upload, Instant expires, Instant since) {
            this(account, target, upload, expires, since, 0, null);
        }
    }

    /** How long an open upload may go without a write (or, before its first, since its TURL) and still be live. */
    public static final Duration DEFAULT_IDLE = Duration.ofMinutes(2);

    private final StorageBackend backend;
    private final Path journal;
    private final Clock clock;
    private final Duration idle;
    private final Map<SrmPath, Pending> pending = new ConcurrentHashMap<>();
    /**
     * The upload per target, by the upload's path: one upload is journaled again with another expiry (full mode
     * journals it when the put is made and again when its TURL is given, srmExtendFileLifeTime again), and each
     * time its one entry here is replaced; finishing or aborting it frees the target whatever expiry it had last.
     */
    private final Map<SrmPath, SrmPath> byTarget = new ConcurrentHashMap<>();
    private final Object journalLock = new Object();
    /** The journal the frontends of one store share; null: this process's file journal. */
    private final UploadJournal shared;

    public UploadJanitor(StorageBackend backend, Path journal, Clock clock) {
        this(backend, journal, clock, DEFAULT_IDLE);
    }

    /** @param idle {@code srm.put.idle}: how long an upload may go unwritten and still count as in progress */
    public UploadJanitor(StorageBackend backend, Path journal, Clock clock, Duration idle) {
        if (idle.isNegative() || idle.isZero()) {
            throw new IllegalArgumentException("the idle time of an upload must be positive, got " + idle);
        }
        this.backend = backend;
        this.journal = journal;
        this.clock = clock;
        this.idle = idle;
        this.shared = null;
    }

    /** A janitor over the journal the frontends of one store share (no file journal, nothing kept in memory). */
    public UploadJanitor(StorageBackend backend, UploadJournal shared, Clock clock) {
        this.backend = backend;
        this.journal = null;
        this.clock = clock;
        this.shared = shared;
        this.idle = DEFAULT_IDLE;
    }

    /** An operation of the shared journal. */
    private interface SharedCall<T> {
        T call(UploadJournal j) throws SrmException;
    }

    /** The shared journal's answer; its failure (the store unreachable) as the file journal's would be. */
    private <T> T shared(SharedCall<T> call) {
        try {
            return call.call(shared);
        } catch (SrmException e) {
            throw new UncheckedIOException(new IOException("upload journal in the request store: " + e.getMessage(),
                    e));
        }
    }

    /** Loads the journal left by the previous run and rewrites it with only what is still pending. */
    public void recover() throws IOException {
        if (shared != null) {
            LOG.info("upload journal in the shared request store: {} upload(s) pending", pendingCount());
            return;
        }
        Files.createDirectories(journal.getParent());
        if (Files.exists(journal)) {
            Set<SrmPath> done = new HashSet<>();
            for (String line : Files.readAllLines(journal, StandardCharsets.UTF_8)) {
                String[] f = line.split("\t");
                try {
                    if (f.length == 2 && f[0].equals("done")) {
                        done.add(unescape(f[1]));
                    } else if (f.length == 6 || f.length == 7) {
                        Set<Integer> groups = new HashSet<>();
                        for (String g : f[3].split(",")) {
                            groups.add(Integer.parseInt(g));
                        }
                        Account a = new Account(f[4], Integer.parseInt(f[1]), Integer.parseInt(f[2]), groups);
                        SrmPath p = unescape(f[5]);
                        SrmPath target = f.length == 7 ? unescape(f[6]) : null;
                        pending.put(p, new Pending(a, target, p, Instant.ofEpochMilli(Long.parseLong(f[0])),
                                clock.instant())); // its client may still be writing: live for the idle time
                    }
                } catch (RuntimeException | SrmException e) {
                    LOG.warn("skipping unreadable upload journal line: {}", line);
                }
            }
            done.forEach(pending::remove);
            pending.values().forEach(this::index);
        }
        compact();
        LOG.info("upload journal {}: {} upload(s) pending", journal, pending.size());
    }

    /** Journals an upload to {@code target}, to be removed after {@code expires} unless finished. */
    public void track(Account account, SrmPath target, SrmPath upload, Instant expires) {
        track(account, target, upload, expires, 0);
    }

    /**
     * As above, when the put was made, its TURL handed out or its lifetime extended: the upload counts as in
     * progress for the idle time from now even before anything is written to it.
     *
     * @param expectedSize the size its client declared (expectedFileSize), 0 when none: an upload that holds that
     *                     many bytes is complete and waits only for srmPutDone, so it never counts as stalled
     */
    public void track(Account account, SrmPath target, SrmPath upload, Instant expires, long expectedSize) {
        if (shared != null) {
            shared(j -> {
                j.put(new UploadJournal.Entry(account, Optional.of(target), upload, expires));
                return null;
            });
            return;
        }
        Pending p = new Pending(account, target, upload, expires, clock.instant(), Math.max(0, expectedSize), null);
        append(line(p)); // first: an upload the journal could not keep (its disk full) holds no target
        pending.put(upload, p);
        index(p);
    }

    /**
     * Journals that the put of {@code upload} was aborted: whatever is at its path is removed after
     * {@code expires}, but the target no longer counts as being uploaded.
     */
    public void aborted(Account account, SrmPath upload, Instant expires) {
        aborted(account, upload, expires, null);
    }

    /**
     * As above, remembering why (in this frontend's memory, until the put expires) so that the put's later
     * srmPutDone and status calls can say it ({@link #whyEnded}).
     */
    public void aborted(Account account, SrmPath upload, Instant expires, String why) {
        if (shared != null) {
            shared(j -> {
                j.put(new UploadJournal.Entry(account, Optional.empty(), upload, expires));
                return null;
            });
            return;
        }
        Pending was = pending.get(upload);
        if (was != null && was.target() != null) {
            byTarget.remove(was.target(), upload);
        }
        String reason = why != null ? why : was == null ? null : was.why();
        Pending p = new Pending(account, null, upload, expires, clock.instant(), 0, reason);
        pending.put(upload, p);
        append(line(p));
    }

    /** Why the put of {@code upload} was ended, when this frontend ended it and said why. */
    public Optional<String> whyEnded(SrmPath upload) {
        Pending p = pending.get(upload);
        return p == null || p.target() != null ? Optional.empty() : Optional.ofNullable(p.why());
    }

    /** Whether a put that is neither finished, aborted nor expired is writing to {@code target}, by anyone. */
    public boolean busy(SrmPath target) {
        return open(target).isPresent();
    }

    @Override
    public boolean uploadingInto(SrmPath directory, boolean below) {
        if (shared != null) {
            return shared(j -> j.openInto(directory, below, clock.instant()));
        }
        for (SrmPath target : byTarget.keySet()) {
            Optional<Pending> p = inside(directory, below, target) ? open(target) : Optional.empty();
            if (p.isPresent() && stall(p.get()).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public List<Stalled> stalledInto(SrmPath directory, boolean below) {
        List<Stalled> out = new ArrayList<>();
        for (SrmPath target : byTarget.keySet()) {
            Optional<Pending> p = inside(directory, below, target) ? open(target) : Optional.empty();
            if (p.isPresent()) {
                Pending u = p.get();
                stall(u).ifPresent(why -> out.add(new Stalled(u.account(), u.target(), u.upload(), u.expires(),
                        why)));
            }
        }
        return out;
    }

    @Override
    public Optional<String> stalled(SrmPath target) {
        Optional<Pending> p = open(target);
        return p.isPresent() ? stall(p.get()) : Optional.empty();
    }

    /** Whether a writer still holds the upload open (HDFS moves its time only at close); unknown counts as yes. */
    private boolean writerHolds(Pending p) {
        try {
            return backend.openForWriting(p.account(), p.upload());
        } catch (SrmException e) {
            return e.status() != SrmStatus.SRM_INVALID_PATH;
        }
    }

    private static boolean inside(SrmPath directory, boolean below, SrmPath target) {
        return below ? directory.contains(target) && !directory.equals(target)
                : !target.isRoot() && target.parent().equals(directory);
    }

    /**
     * Why the open upload {@code p} no longer counts as in progress, or empty while it is live: data written to it
     * within the idle time, or (nothing written yet) its put made or its TURL handed out within it, or holding every
     * byte its client declared (complete, waiting for srmPutDone), or still held open by its writer where the
     * storage tells ({@link StorageBackend#openForWriting}). An upload that cannot be looked at counts as live.
     */
    private Optional<String> stall(Pending p) {
        Instant now = clock.instant();
        Instant last = p.since();
        String held = "nothing";
        try {
            FileStat st = backend.stat(p.account(), p.upload());
            if (!st.isFile()) {
                return Optional.empty();
            }
            if (p.expectedSize() > 0 && st.size() == p.expectedSize()) {
                return Optional.empty();
            }
            if (st.modified().isAfter(last)) {
                last = st.modified();
            }
            held = st.size() + " bytes" + (p.expectedSize() > 0 ? " of the " + p.expectedSize() + " declared" : "");
        } catch (SrmException e) {
            if (e.status() != SrmStatus.SRM_INVALID_PATH) {
                return Optional.empty();
            }
        }
        Duration quiet = Duration.between(last, now);
        if (quiet.compareTo(idle) < 0 || writerHolds(p)) {
            return Optional.empty();
        }
        return Optional.of("its upload stalled: nothing was written to it for " + quiet.toSeconds() + " s (it holds "
                + held + "; srm.put.idle is " + idle.toSeconds() + " s)");
    }

    /** The open (neither finished, aborted nor expired) upload to {@code target}, by anyone. */
    private Optional<Pending> open(SrmPath target) {
        if (shared != null) {
            return shared(j -> j.openTo(target, clock.instant())).map(this::pending);
        }
        SrmPath upload = byTarget.get(target);
        Pending p = upload == null ? null : pending.get(upload);
        if (p == null || !target.equals(p.target()) || !clock.instant().isBefore(p.expires())) {
            return Optional.empty();
        }
        return Optional.of(p);
    }

    public void finished(SrmPath upload) {
        if (shared != null) {
            shared(j -> {
                j.remove(upload);
                return null;
            });
            return;
        }
        Pending p = pending.remove(upload);
        if (p != null) {
            if (p.target() != null) {
                byTarget.remove(p.target(), upload);
            }
            append("done\t" + escape(upload));
        }
    }

    @Override
    public Optional<SrmPath> uploadOf(SrmPath target, Account account) {
        Optional<Pending> p = open(target);
        if (p.isEmpty() || p.get().account().uid() != account.uid()) {
            return Optional.empty();
        }
        return Optional.of(p.get().upload());
    }

    /** When the put of a journaled upload expires. */
    public Optional<Instant> expiryOf(SrmPath upload) {
        if (shared != null) {
            return shared(j -> j.get(upload)).map(UploadJournal.Entry::expires);
        }
        return Optional.ofNullable(pending.get(upload)).map(Pending::expires);
    }

    /**
     * Makes {@code p} its target's upload, unless another upload to the same target that expires later is
     * journaled (recovery reads the journal in no particular order); the same upload journaled again replaces
     * itself whatever its expiry.
     */
    private void index(Pending p) {
        if (p.target() != null) {
            byTarget.merge(p.target(), p.upload(), (old, now) -> {
                Pending other = pending.get(old);
                return old.equals(now) || other == null || !p.target().equals(other.target())
                        || !p.expires().isBefore(other.expires()) ? now : old;
            });
        }
    }

    /** Removes every expired upload that still exists; returns how many were removed. */
    public int sweep() {
        Instant now = clock.instant();
        int removed = 0;
        List<Pending> all = shared != null
                ? shared(j -> j.expired(now, SHARED_SWEEP_BATCH)).stream().map(this::pending).toList()
                : new ArrayList<>(pending.values());
        for (Pending p : all) {
            if (now.isBefore(p.expires())) {
                continue;
            }
            try {
                if (backend.stat(p.account(), p.upload()).isDirectory()) {
                    backend.rmdir(p.account(), p.upload(), true);
                } else {
                    backend.delete(p.account(), p.upload());
                }
                removed++;
                LOG.info("removed expired upload {}", p.upload());
            } catch (SrmException e) {
                if (e.status() != SrmStatus.SRM_INVALID_PATH) {
                    LOG.warn("cannot remove expired upload {}: {}", p.upload(), e.getMessage());
                    continue;
                }
            }
            finished(p.upload());
        }
        if (shared == null && (removed > 0 || pending.isEmpty())) {
            compactQuietly();
        }
        return removed;
    }

    /** Uploads journaled and not finished; -1 when the shared journal cannot be read now (a metric's value). */
    public int pendingCount() {
        if (shared != null) {
            try {
                return shared.size();
            } catch (SrmException e) {
                return -1;
            }
        }
        return pending.size();
    }

    private void compactQuietly() {
        try {
            compact();
        } catch (IOException e) {
            LOG.warn("cannot rewrite upload journal {}: {}", journal, e.getMessage());
        }
    }

    private void compact() throws IOException {
        synchronized (journalLock) {
            List<String> lines = pending.values().stream().map(UploadJanitor::line).toList();
            Path tmp = journal.resolveSibling(journal.getFileName() + ".tmp");
            Files.write(tmp, lines, StandardCharsets.UTF_8);
            Files.move(tmp, journal, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
    }

    /**
     * Appends one line whole or not at all: a write the disk cannot take (ENOSPC) is cut back to the journal's
     * length before it, so that no half line runs into the next one.
     */
    private void append(String line) {
        synchronized (journalLock) {
            try (FileChannel out = FileChannel.open(journal, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                long end = out.size();
                ByteBuffer bytes = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
                try {
                    while (bytes.hasRemaining()) {
                        out.write(bytes, end + bytes.position());
                    }
                } catch (IOException e) {
                    out.truncate(end);
                    throw e;
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write upload journal " + journal + ": " + e.getMessage(), e);
            }
        }
    }

    /** An upload of the shared journal, as of now: one that another frontend journals never counts as stalled. */
    private Pending pending(UploadJournal.Entry e) {
        return new Pending(e.account(), e.target().orElse(null), e.upload(), e.expires(), clock.instant());
    }

    private static String line(Pending p) {
        StringBuilder groups = new StringBuilder();
        for (int g : p.account().groups()) {
            groups.append(groups.length() == 0 ? "" : ",").append(g);
        }
        return p.expires().toEpochMilli() + "\t" + p.account().uid() + "\t" + p.account().gid() + "\t" + groups
                + "\t" + p.account().name() + "\t" + escape(p.upload())
                + (p.target() == null ? "" : "\t" + escape(p.target()));
    }

    /** Tabs and line breaks are legal in names but not in a journal line; a path never holds a backslash. */
    private static String escape(SrmPath p) {
        return p.toString().replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
    }

    private static SrmPath unescape(String s) throws SrmException {
        return SrmPath.of(s.replace("\\t", "\t").replace("\\n", "\n").replace("\\r", "\r"));
    }
}
