package org.opensrm.backend.posix;

import java.nio.file.Path;
import java.util.Objects;
import org.opensrm.backend.PosixMode;

/**
 * Configuration of a {@link PosixBackend}; immutable, made with {@link #builder(Path)}.
 *
 * <p>Defaults: directory mode {@code 0775}, checksum attribute {@code user.srm.adler32}, 1 MiB read buffer for
 * checksums, 100,000 checksums kept in memory where the file system has no user extended attributes, 100,000
 * files whose checksum attribute is remembered between listings (a few hundred bytes each), 4,096 cached
 * uid/gid names.
 */
public final class PosixBackendConfig {
    public static final PosixMode DEFAULT_DIRECTORY_MODE = PosixMode.ofOctal(0775);
    public static final String DEFAULT_CHECKSUM_XATTR = "user.srm.adler32";
    public static final int DEFAULT_CHECKSUM_BUFFER = 1 << 20;
    public static final int DEFAULT_MEMORY_CHECKSUMS = 100_000;
    public static final int DEFAULT_NAME_CACHE = 4096;
    public static final int DEFAULT_XATTR_CACHE = 100_000;

    private final Path root;
    private final PosixMode directoryMode;
    private final String checksumXattr;
    private final int checksumBufferBytes;
    private final int memoryChecksums;
    private final int nameCacheSize;
    private final int xattrCacheEntries;

    private PosixBackendConfig(Builder b) {
        this.root = b.root;
        this.directoryMode = b.directoryMode;
        this.checksumXattr = b.checksumXattr;
        this.checksumBufferBytes = b.checksumBufferBytes;
        this.memoryChecksums = b.memoryChecksums;
        this.nameCacheSize = b.nameCacheSize;
        this.xattrCacheEntries = b.xattrCacheEntries;
    }

    /** A builder for a backend whose SRM namespace root {@code /} is the directory {@code root}. */
    public static Builder builder(Path root) {
        return new Builder(root);
    }

    /** The directory that is the namespace's {@code /}; must exist. */
    public Path root() {
        return root;
    }

    /** Permission bits of directories made by {@code mkdir} (independent of the process umask). */
    public PosixMode directoryMode() {
        return directoryMode;
    }

    /** Name of the user extended attribute the adler32 is kept in (must start with {@code user.}). */
    public String checksumXattr() {
        return checksumXattr;
    }

    /** Read buffer for computing checksums. */
    public int checksumBufferBytes() {
        return checksumBufferBytes;
    }

    /** How many checksums are kept in memory where extended attributes cannot be written. */
    public int memoryChecksums() {
        return memoryChecksums;
    }

    /** How many uid-to-name and gid-to-name translations are cached. */
    public int nameCacheSize() {
        return nameCacheSize;
    }

    /**
     * How many files' checksum attributes are remembered (with inode and ctime) so that repeated listings do
     * not open every file; 0 reads the attribute every time.
     */
    public int xattrCacheEntries() {
        return xattrCacheEntries;
    }

    @Override
    public String toString() {
        return "PosixBackendConfig[root=" + root + ", directoryMode=" + directoryMode + ", checksumXattr="
                + checksumXattr + ", checksumBufferBytes=" + checksumBufferBytes + ", memoryChecksums="
                + memoryChecksums + ", nameCacheSize=" + nameCacheSize + ", xattrCacheEntries=" + xattrCacheEntries + "]";
    }

    /** Builds a {@link PosixBackendConfig}; every setter validates its argument. */
    public static final class Builder {
        private final Path root;
        private PosixMode directoryMode = DEFAULT_DIRECTORY_MODE;
        private String checksumXattr = DEFAULT_CHECKSUM_XATTR;
        private int checksumBufferBytes = DEFAULT_CHECKSUM_BUFFER;
        private int memoryChecksums = DEFAULT_MEMORY_CHECKSUMS;
        private int nameCacheSize = DEFAULT_NAME_CACHE;
        private int xattrCacheEntries = DEFAULT_XATTR_CACHE;

        private Builder(Path root) {
            Objects.requireNonNull(root, "root");
            if (!root.isAbsolute()) {
                throw new IllegalArgumentException("root must be absolute: " + root);
            }
            this.root = root;
        }

        public Builder directoryMode(PosixMode mode) {
            this.directoryMode = Objects.requireNonNull(mode, "directoryMode");
            return this;
        }

        public Builder checksumXattr(String name) {
            Objects.requireNonNull(name, "checksumXattr");
            if (!name.startsWith("user.") || name.length() <= "user.".length()) {
                throw new IllegalArgumentException("checksum attribute must be a user. attribute: " + name);
            }
            this.checksumXattr = name;
            return this;
        }

        public Builder checksumBufferBytes(int bytes) {
            if (bytes < 4096 || bytes > (64 << 20)) {
                throw new IllegalArgumentException("checksum buffer must be 4 KiB..64 MiB: " + bytes);
            }
            this.checksumBufferBytes = bytes;
            return this;
        }

        public Builder memoryChecksums(int entries) {
            if (entries < 0) {
                throw new IllegalArgumentException("memoryChecksums must not be negative: " + entries);
            }
            this.memoryChecksums = entries;
            return this;
        }

        public Builder nameCacheSize(int entries) {
            if (entries < 1) {
                throw new IllegalArgumentException("nameCacheSize must be positive: " + entries);
            }
            this.nameCacheSize = entries;
            return this;
        }

        public Builder xattrCacheEntries(int entries) {
            if (entries < 0) {
                throw new IllegalArgumentException("xattrCacheEntries must not be negative: " + entries);
            }
            this.xattrCacheEntries = entries;
            return this;
        }

        public PosixBackendConfig build() {
            return new PosixBackendConfig(this);
        }
    }
}
