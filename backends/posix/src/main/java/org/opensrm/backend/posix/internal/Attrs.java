package org.opensrm.backend.posix.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The stat(2) fields the backend decides with: one {@code lstat} (or {@code stat}) through the JDK's
 * {@code unix} attribute view, which reads numeric ids without any name lookup.
 */
public record Attrs(int mode, int uid, int gid, long size, FileTime modified, FileTime created, FileTime changed,
                    long inode) {
    private static final String FIELDS = "unix:mode,uid,gid,size,lastModifiedTime,creationTime,ctime,ino";
    private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};
    private static final LinkOption[] FOLLOW = {};

    public static final int S_IFMT = 0170000;
    public static final int S_IFDIR = 0040000;
    public static final int S_IFREG = 0100000;
    public static final int S_IFLNK = 0120000;
    public static final int S_ISGID = 02000;
    public static final int S_ISVTX = 01000;

    /** Reads the entry itself ({@code lstat}). */
    public static Attrs lstat(Path p) throws IOException {
        return read(p, NOFOLLOW);
    }

    /** Reads what the entry leads to ({@code stat}). */
    public static Attrs stat(Path p) throws IOException {
        return read(p, FOLLOW);
    }

    private static Attrs read(Path p, LinkOption[] options) throws IOException {
        Map<String, Object> m = Files.readAttributes(p, FIELDS, options);
        return new Attrs((Integer) m.get("mode"), (Integer) m.get("uid"), (Integer) m.get("gid"),
                (Long) m.get("size"), (FileTime) m.get("lastModifiedTime"), (FileTime) m.get("creationTime"),
                (FileTime) m.get("ctime"), (Long) m.get("ino"));
    }

    public boolean isDirectory() {
        return (mode & S_IFMT) == S_IFDIR;
    }

    public boolean isLink() {
        return (mode & S_IFMT) == S_IFLNK;
    }

    public boolean isRegularFile() {
        return (mode & S_IFMT) == S_IFREG;
    }

    /** The nine permission bits. */
    public int permissions() {
        return mode & 0777;
    }

    public boolean sticky() {
        return (mode & S_ISVTX) != 0;
    }

    public boolean setgid() {
        return (mode & S_ISGID) != 0;
    }

    /** Status-change time in nanoseconds: moves on every write, chmod, chown and extended-attribute change. */
    public long changedNanos() {
        return changed.to(TimeUnit.NANOSECONDS);
    }

    /** Modification time in nanoseconds, the precision the checksum is tied to. */
    public long modifiedNanos() {
        return modified.to(TimeUnit.NANOSECONDS);
    }
}
