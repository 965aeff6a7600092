package org.opensrm.backend.posix.internal;

import java.nio.file.Path;
import java.util.Optional;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.FileType;
import org.opensrm.backend.PosixMode;
import org.opensrm.common.SrmPath;

/** Builds the SPI's {@link FileStat} from attributes already read, adding names and the stored checksum. */
public final class StatMaker {
    private final NameCache names;
    private final ChecksumStore checksums;

    public StatMaker(NameCache names, ChecksumStore checksums) {
        this.names = names;
        this.checksums = checksums;
    }

    public FileStat of(SrmPath srmPath, Path path, Attrs a) {
        FileType type = a.isDirectory() ? FileType.DIRECTORY : a.isLink() ? FileType.LINK : FileType.FILE;
        Optional<String> adler32 = a.isRegularFile() ? checksums.lookup(path, a) : Optional.empty();
        return new FileStat(srmPath, type, a.isDirectory() ? 0 : a.size(), a.created().toInstant(),
                a.modified().toInstant(), names.user(a, path), names.group(a, path),
                PosixMode.ofOctal(a.permissions()), adler32);
    }
}
