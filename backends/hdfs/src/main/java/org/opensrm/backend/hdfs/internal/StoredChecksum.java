package org.opensrm.backend.hdfs.internal;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;

/**
 * The value of the checksum xattr: the adler32 and the file it was computed for (length, mtime and HDFS inode
 * id). It is valid only while all three still match, so a rewrite (new inode), an append (length, mtime) or a
 * same-size overwrite never shows an older checksum. Encoded as {@code adler32:<hex>:<len>:<mtime>:<inode>}.
 */
public record StoredChecksum(String adler32, long length, long mtime, long inode) {
    private static final String PREFIX = "adler32:";

    public static StoredChecksum of(String adler32, FileStatus st) {
        return new StoredChecksum(adler32, st.getLen(), st.getModificationTime(), inode(st));
    }

    /** The HDFS inode id, or -1 where the status does not carry one. */
    public static long inode(FileStatus st) {
        return st instanceof HdfsFileStatus h ? h.getFileId() : -1;
    }

    public static Optional<StoredChecksum> parse(byte[] value) {
        if (value == null) {
            return Optional.empty();
        }
        String s = new String(value, StandardCharsets.US_ASCII);
        if (!s.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String[] f = s.substring(PREFIX.length()).split(":");
        if (f.length != 4 || !f[0].matches("[0-9a-f]{8}")) {
            return Optional.empty();
        }
        try {
            return Optional.of(new StoredChecksum(f[0], Long.parseLong(f[1]), Long.parseLong(f[2]),
                    Long.parseLong(f[3])));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    public byte[] encode() {
        return (PREFIX + adler32 + ":" + length + ":" + mtime + ":" + inode).getBytes(StandardCharsets.US_ASCII);
    }

    public boolean validFor(FileStatus st) {
        return st.isFile() && st.getLen() == length && st.getModificationTime() == mtime && inode(st) == inode;
    }
}
