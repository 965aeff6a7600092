package org.opensrm.devpki.internal;

import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.PrivateKey;
import java.util.Set;

import org.bouncycastle.openssl.jcajce.JcaPEMWriter;

/** PEM encoding and atomic, permission-aware file writing. */
public final class Pem {
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> PUBLIC = PosixFilePermissions.fromString("rw-r--r--");

    private Pem() {
    }

    /** PEM of each object in order; a {@link PrivateKey} (RSA) is written as PKCS#1 "RSA PRIVATE KEY". */
    public static String encode(Object... objects) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter pem = new JcaPEMWriter(out)) {
            for (Object o : objects) {
                pem.writeObject(o);
            }
        }
        return out.toString();
    }

    /** Writes a file readable by everyone, replacing any previous one atomically. */
    public static void writePublic(Path file, String content) throws IOException {
        write(file, content, PUBLIC);
    }

    /** Writes a file readable by its owner only (mode 0600), replacing any previous one atomically. */
    public static void writeSecret(Path file, String content) throws IOException {
        write(file, content, OWNER_ONLY);
    }

    private static void write(Path file, String content, Set<PosixFilePermission> mode) throws IOException {
        Path target = file.toAbsolutePath();
        Files.createDirectories(target.getParent());
        Path tmp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp",
                PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        try {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.US_ASCII)) {
                w.write(content);
            }
            Files.setPosixFilePermissions(tmp, mode);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
