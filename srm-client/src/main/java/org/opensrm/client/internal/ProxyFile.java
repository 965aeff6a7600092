package org.opensrm.client.internal;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Set;

import org.opensrm.authz.DelegatedCredential;

/**
 * A delegated credential as an {@code X509_USER_PROXY} file for the Globus tools: the proxy certificate, its
 * PKCS#8 key ({@code PRIVATE KEY}, as {@code grid-proxy-init} writes it), then the rest of the chain, in PEM. The
 * file is created owner-only (0600) in an owner-only directory before anything is written, and deleted by
 * {@link #close}; what a killed process could not delete is removed at the next start ({@link #removeLeftovers}).
 */
public final class ProxyFile implements AutoCloseable {
    private static final Base64.Encoder PEM = Base64.getMimeEncoder(64, new byte[] {'\n'});
    private static final String PREFIX = "x509up_";

    private final Path path;

    private ProxyFile(Path path) {
        this.path = path;
    }

    /** Writes {@code credential} to a new file in {@code dir} (created 0700 if missing). */
    public static ProxyFile write(Path dir, DelegatedCredential credential) throws IOException {
        privateDirectory(dir);
        Path file = Files.createTempFile(dir, PREFIX, "",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            block(out, "CERTIFICATE", credential.chain().get(0).getEncoded());
            block(out, "PRIVATE KEY", credential.key().getEncoded());
            for (X509Certificate c : credential.chain().subList(1, credential.chain().size())) {
                block(out, "CERTIFICATE", c.getEncoded());
            }
        } catch (CertificateEncodingException | IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e instanceof IOException io ? io : new IOException("cannot write the delegated proxy", e);
        }
        return new ProxyFile(file);
    }

    /**
     * Removes the proxy files left in {@code dir} by a process that ended without closing them (killed during a
     * copy): at start nothing runs yet, so every one there is a leftover. A missing directory has none.
     *
     * @return how many were removed
     */
    public static int removeLeftovers(Path dir) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        int removed = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, PREFIX + "*")) {
            for (Path f : files) {
                if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) && Files.deleteIfExists(f)) {
                    removed++;
                }
            }
        }
        return removed;
    }

    /** Creates {@code dir} owner-only if missing; refuses one that others can read. */
    public static void privateDirectory(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        Set<java.nio.file.attribute.PosixFilePermission> mode = Files.getPosixFilePermissions(dir);
        if (!PosixFilePermissions.toString(mode).endsWith("------")) {
            throw new IOException("copy work directory " + dir + " is accessible to others (mode "
                    + PosixFilePermissions.toString(mode) + "): delegated proxies go there");
        }
    }

    public Path path() {
        return path;
    }

    @Override
    public void close() throws IOException {
        Files.deleteIfExists(path);
    }

    private static void block(Writer out, String type, byte[] der) throws IOException {
        out.write("-----BEGIN " + type + "-----\n");
        out.write(PEM.encodeToString(der));
        out.write("\n-----END " + type + "-----\n");
    }
}
