package org.opensrm.backend.hdfs.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.Adler32;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.XAttrSetFlag;
import org.apache.hadoop.security.AccessControlException;
import org.opensrm.common.Account;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The adler32 kept in an extended attribute. Stored values are read and written as the service identity (a
 * cached checksum is metadata, like the size; the account's own access to the entry has been checked by the
 * call that found it), and the content is streamed as the account, so reading it needs its read permission.
 */
public final class Checksums {
    private static final Logger LOG = LoggerFactory.getLogger(Checksums.class);

    private final Identities ids;
    private final String xattr;
    private final int bufferBytes;
    private final AtomicBoolean warnedStore = new AtomicBoolean();

    public Checksums(Identities ids, String xattr, int bufferBytes) {
        this.ids = ids;
        this.xattr = xattr;
        this.bufferBytes = bufferBytes;
    }

    /** The stored adler32 if one is stored and still valid for {@code st}: one NameNode call for a file. */
    public Optional<String> stored(Path path, FileStatus st) throws IOException {
        if (!st.isFile()) {
            return Optional.empty();
        }
        Map<String, byte[]> all;
        try {
            all = ids.asService(fs -> fs.getXAttrs(path));
        } catch (AccessControlException e) {
            LOG.debug("service identity may not read xattrs of {}: {}", path, e.toString());
            return Optional.empty();
        } catch (java.io.FileNotFoundException e) {
            return Optional.empty();
        }
        return StoredChecksum.parse(all.get(xattr)).filter(c -> c.validFor(st)).map(StoredChecksum::adler32);
    }

    /**
     * Streams the file as {@code as} and, if it did not change meanwhile, stores the result for the status it
     * was computed for.
     */
    public String computeAndStore(Account as, Path path, FileStatus before) throws IOException {
        Adler32 sum = new Adler32();
        long read = ids.as(as, fs -> {
            long n = 0;
            byte[] buf = new byte[bufferBytes];
            try (InputStream in = fs.open(path, bufferBytes)) {
                for (int r; (r = in.read(buf)) > 0; n += r) {
                    sum.update(buf, 0, r);
                }
            }
            return n;
        });
        String hex = String.format("%08x", sum.getValue());
        FileStatus after = ids.as(as, fs -> fs.getFileStatus(path));
        StoredChecksum value = StoredChecksum.of(hex, before);
        if (read == before.getLen() && value.validFor(after)) {
            store(path, value);
        } else {
            LOG.debug("{} changed while its checksum was computed; not storing it", path);
        }
        return hex;
    }

    private void store(Path path, StoredChecksum value) {
        try {
            ids.asService(fs -> {
                fs.setXAttr(path, xattr, value.encode(), EnumSet.of(XAttrSetFlag.CREATE, XAttrSetFlag.REPLACE));
                return null;
            });
        } catch (IOException e) {
            if (warnedStore.compareAndSet(false, true)) {
                LOG.warn("cannot store checksums in xattr {} as {} ({}); they will be recomputed on every request",
                        xattr, ids.serviceName(), e.toString());
            } else {
                LOG.debug("storing checksum of {} failed: {}", path, e.toString());
            }
        }
    }
}
