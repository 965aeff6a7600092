package org.opensrm.authz.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The parsed content of a file that operators edit while the server runs. {@link #get()} is cheap: a volatile
 * read, and at most once per check interval a {@code stat} by whichever caller comes first (the others do not
 * wait). The file is parsed again only when its modification time, size or inode changed. A version that fails
 * to read or parse (a half-written file, a vanished file) is reported once and the last good content stays in
 * force until the file changes again.
 *
 * @param <T> the parsed form; must be immutable, since it is shared by every thread
 */
public final class ReloadingFile<T> {
    private static final Logger LOG = LoggerFactory.getLogger(ReloadingFile.class);

    /** Turns the text of the file into its parsed form. */
    @FunctionalInterface
    public interface Parser<T> {
        /** @param file where the content came from, for warnings about lines that are accepted nonetheless */
        T parse(Path file, String content) throws MalformedFileException;
    }

    /** What identifies a version of the file; {@code fileKey} is the inode on Linux. */
    private record Stamp(long modifiedNanos, long size, Object fileKey) {
        static Stamp of(Path file) throws IOException {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            long nanos = a.lastModifiedTime().to(TimeUnit.NANOSECONDS);
            return new Stamp(nanos, a.size(), a.fileKey());
        }
    }

    private final String description;
    private final Path file;
    private final Parser<T> parser;
    private final long checkIntervalNanos;
    private final AtomicBoolean checking = new AtomicBoolean();
    private volatile T current;
    private volatile long nextCheckNanos;
    /** Last version looked at, good or bad; null while the file cannot be stat'ed. Guarded by {@link #checking}. */
    private Stamp seen;

    /**
     * Reads and parses the file now.
     *
     * @param description  what the file is, for messages, e.g. {@code "grid-mapfile"}
     * @param checkInterval how often {@link #get()} may look at the file; zero looks on every call
     * @throws IllegalArgumentException naming the file when it is missing, unreadable or malformed
     */
    public ReloadingFile(String description, Path file, Parser<T> parser, Duration checkInterval) {
        this.description = Objects.requireNonNull(description, "description");
        this.file = Objects.requireNonNull(file, "file");
        this.parser = Objects.requireNonNull(parser, "parser");
        if (checkInterval.isNegative()) {
            throw new IllegalArgumentException("check interval of " + description + " must not be negative");
        }
        this.checkIntervalNanos = checkInterval.toNanos();
        try {
            Stamp stamp = Stamp.of(file);
            this.current = parser.parse(file, read());
            this.seen = stamp;
        } catch (IOException e) {
            throw new IllegalArgumentException(description + " " + file + " cannot be read: " + e, e);
        } catch (MalformedFileException e) {
            throw new IllegalArgumentException(description + " " + file + " is malformed at " + e.getMessage(), e);
        }
        this.nextCheckNanos = System.nanoTime() + checkIntervalNanos;
        LOG.info("Loaded {} {}", description, file);
    }

    /** The content of the last good version of the file, re-read first if the check interval has passed. */
    public T get() {
        if (System.nanoTime() - nextCheckNanos >= 0 && checking.compareAndSet(false, true)) {
            try {
                reloadIfChanged();
                nextCheckNanos = System.nanoTime() + checkIntervalNanos;
            } finally {
                checking.set(false);
            }
        }
        return current;
    }

    /** Looks at the file now, whatever the interval; waits if another thread is looking. */
    public T checkNow() {
        while (!checking.compareAndSet(false, true)) {
            Thread.onSpinWait();
        }
        try {
            reloadIfChanged();
            nextCheckNanos = System.nanoTime() + checkIntervalNanos;
        } finally {
            checking.set(false);
        }
        return current;
    }

    public Path file() {
        return file;
    }

    private void reloadIfChanged() {
        Stamp stamp;
        try {
            stamp = Stamp.of(file);
        } catch (IOException e) {
            reportFailure(null, "cannot be read (" + e + ")");
            return;
        }
        if (stamp.equals(seen)) {
            return;
        }
        seen = stamp;
        try {
            current = parser.parse(file, read());
            LOG.info("Reloaded {} {}", description, file);
        } catch (IOException e) {
            reportFailure(stamp, "cannot be read (" + e + ")");
        } catch (MalformedFileException e) {
            reportFailure(stamp, "is malformed at " + e.getMessage());
        }
    }

    /** Reports each bad version once, and a missing file once until it comes back. */
    private void reportFailure(Stamp stamp, String what) {
        if (stamp != null || seen != null) {
            LOG.warn("{} {} {}; keeping the previous version in force", description, file, what);
        }
        seen = stamp;
    }

    private String read() throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }
}
