package org.opensrm.backend.hdfs.internal;

import java.time.Instant;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.FileType;
import org.opensrm.backend.PosixMode;
import org.opensrm.common.SrmPath;

/** HDFS {@link FileStatus} to {@link FileStat}. HDFS keeps no creation time: {@code created} is the mtime. */
public final class Stats {
    private Stats() {
    }

    public static FileStat toStat(SrmPath path, FileStatus st, Optional<String> adler32) {
        FileType type = st.isSymlink() ? FileType.LINK : st.isDirectory() ? FileType.DIRECTORY : FileType.FILE;
        Instant mtime = Instant.ofEpochMilli(st.getModificationTime());
        long size = type == FileType.FILE ? st.getLen() : 0;
        PosixMode mode = PosixMode.ofOctal(st.getPermission().toShort() & 0777);
        return new FileStat(path, type, size, mtime, mtime, st.getOwner(), st.getGroup(), mode,
                type == FileType.FILE ? adler32 : Optional.empty());
    }
}
