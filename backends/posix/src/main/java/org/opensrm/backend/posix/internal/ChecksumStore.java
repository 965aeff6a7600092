package org.opensrm.backend.posix.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where computed adler32s are kept: in a user extended attribute of the file, as
 * {@code "<8 hex> <size> <mtime ns>"}, valid only while the file still has that size and modification time.
 * Where the attribute cannot be written (no user xattrs on the file system, or no permission when the server
 * runs unprivileged) the value goes to a bounded in-memory LRU map instead, with one warning per backend.
 *
 * <p>So that a listing does not open every file to read its attribute, what was read is remembered per file
 * together with the file's inode and ctime; setting an extended attribute (or any write) moves the ctime, so
 * a remembered answer is reused only while the file provably has not been touched. Within one coarse clock
 * tick a change can go unnoticed; the cost is a recomputation, never a wrong value, because the stored value is
 * still checked against the current size and mtime, and {@link #lookupFresh} bypasses this memory.
 */
public final class ChecksumStore {
    private static final Logger LOG = LoggerFactory.getLogger(ChecksumStore.class);

    private final String attribute;
    private final String viewName;
    private final boolean useXattrs;
    private final Map<Path, Remembered> memory;
    /** Read without a lock (every stat of a listing asks it); past its limit a tenth goes, whichever. */
    private final ConcurrentHashMap<Path, Seen> seen = new ConcurrentHashMap<>();
    private final int seenLimit;
    private final int memoryLimit;
    private final AtomicBoolean warned = new AtomicBoolean();

    private record Seen(long inode, long changedNanos, Optional<Stored> stored) {
        boolean validFor(Attrs a) {
            return a.inode() == inode && a.changedNanos() == changedNanos;
        }
    }

    /** A value kept in memory, tied to the inode as well, since paths are reused. */
    private record Remembered(Stored stored, long inode) {
    }

    private record Stored(String value, long size, long modifiedNanos) {
        boolean validFor(Attrs a) {
            return a.size() == size && a.modifiedNanos() == modifiedNanos;
        }

        String encode() {
            return value + " " + size + " " + modifiedNanos;
        }

        static Optional<Stored> decode(String text) {
            String[] f = text.trim().split(" ");
            if (f.length != 3 || !f[0].matches("[0-9a-f]{8}")) {
                return Optional.empty();
            }
            try {
                return Optional.of(new Stored(f[0], Long.parseLong(f[1]), Long.parseLong(f[2])));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
    }

    /**
     * @param attribute    full attribute name, e.g. {@code user.srm.adler32}
     * @param useXattrs    false where the file system is known to have no user extended attributes
     * @param memoryLimit  entries kept in memory for files whose attribute cannot be written
     * @param seenLimit    files whose attribute as last read is remembered
     */
    public ChecksumStore(String attribute, boolean useXattrs, int memoryLimit, int seenLimit) {
        this.attribute = attribute;
        this.viewName = attribute.substring("user.".length());
        this.useXattrs = useXattrs;
        this.memoryLimit = memoryLimit;
        this.memory = lru(memoryLimit);
        this.seenLimit = Math.max(1, seenLimit);
        if (!useXattrs) {
            warnOnce("the file system has no user extended attributes");
        }
    }

    private static <V> Map<Path, V> lru(int limit) {
        return Collections.synchronizedMap(new LinkedHashMap<>(256, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Path, V> eldest) {
                return size() > limit;
            }
        });
    }

    private void see(Path file, Seen s) {
        if (seen.size() >= seenLimit) {
            int over = seen.size() - seenLimit * 9 / 10;
            for (java.util.Iterator<Path> it = seen.keySet().iterator(); it.hasNext() && over > 0; over--) {
                it.next();
                it.remove();
            }
        }
        seen.put(file, s);
    }

    /**
     * The stored value for the regular file {@code file} as it is now ({@code current}), if still valid; the
     * attribute is read again only if the file's inode or ctime moved since it was last read.
     */
    public Optional<String> lookup(Path file, Attrs current) {
        if (!useXattrs) {
            return fromMemory(file, current);
        }
        Seen s = seen.get(file);
        if (s == null || !s.validFor(current)) {
            s = new Seen(current.inode(), current.changedNanos(), readAttribute(file));
            see(file, s);
        }
        return s.stored().isPresent() ? s.stored().filter(v -> v.validFor(current)).map(Stored::value)
                : fromMemory(file, current);
    }

    /** As {@link #lookup}, but always reading the attribute. */
    public Optional<String> lookupFresh(Path file, Attrs current) {
        seen.remove(file);
        return lookup(file, current);
    }

    private Optional<String> fromMemory(Path file, Attrs current) {
        return Optional.ofNullable(memory.get(file)).filter(r -> r.inode() == current.inode())
                .map(Remembered::stored).filter(v -> v.validFor(current)).map(Stored::value);
    }

    /** Keeps {@code value} for {@code file}, valid while it keeps the size and mtime in {@code computedFor}. */
    public void store(Path file, Attrs computedFor, String value) {
        Stored s = new Stored(value, computedFor.size(), computedFor.modifiedNanos());
        seen.remove(file);
        if (useXattrs) {
            try {
                view(file).write(viewName, StandardCharsets.US_ASCII.encode(s.encode()));
                memory.remove(file);
                return;
            } catch (IOException | UnsupportedOperationException e) {
                warnOnce("cannot write " + attribute + " (" + e.getMessage() + ")");
            }
        }
        memory.put(file, new Remembered(s, computedFor.inode()));
    }

    /** Forgets whatever is kept in memory for {@code file} (the attribute goes with the file itself). */
    public void forget(Path file) {
        memory.remove(file);
        seen.remove(file);
    }

    private Optional<Stored> readAttribute(Path file) {
        try {
            UserDefinedFileAttributeView view = view(file);
            if (!view.list().contains(viewName)) {
                return Optional.empty();
            }
            ByteBuffer buf = ByteBuffer.allocate(64);
            view.read(viewName, buf);
            buf.flip();
            return Stored.decode(StandardCharsets.US_ASCII.decode(buf).toString());
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    private static UserDefinedFileAttributeView view(Path file) throws IOException {
        UserDefinedFileAttributeView v = Files.getFileAttributeView(file, UserDefinedFileAttributeView.class,
                LinkOption.NOFOLLOW_LINKS);
        if (v == null) {
            throw new UnsupportedOperationException("no user-defined attribute view");
        }
        return v;
    }

    private void warnOnce(String why) {
        if (warned.compareAndSet(false, true)) {
            LOG.warn("Checksums are kept in memory (at most {} files) because {}", memoryLimit, why);
        }
    }
}
