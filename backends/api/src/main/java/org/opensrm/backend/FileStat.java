package org.opensrm.backend;

import java.time.Instant;
import java.util.Optional;
import org.opensrm.common.SrmPath;

/**
 * Metadata of one namespace entry, as the backend reports it.
 *
 * @param path         the entry's path in the SRM namespace
 * @param type         file, directory or link
 * @param size         size in bytes (0 for directories)
 * @param created      creation time, or the modification time where the storage keeps none
 * @param modified     last modification time
 * @param ownerName    owner's account name (numeric string when it has none)
 * @param groupName    group name (numeric string when it has none)
 * @param mode         permission bits
 * @param adler32      the stored adler32 (8 lowercase hex digits) when one is stored and valid, else empty
 */
public record FileStat(SrmPath path, FileType type, long size, Instant created, Instant modified,
                       String ownerName, String groupName, PosixMode mode, Optional<String> adler32) {

    public boolean isDirectory() {
        return type == FileType.DIRECTORY;
    }

    public boolean isFile() {
        return type == FileType.FILE;
    }

    public FileStat withAdler32(String value) {
        return new FileStat(path, type, size, created, modified, ownerName, groupName, mode, Optional.of(value));
    }
}
