package org.opensrm.core.macaroon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;

/**
 * The key shared with the doors that verify this server's macaroons: the file XRootD's
 * {@code macaroons.secretkey} names, read the way XrdMacaroons reads it (base64, line breaks ignored; at least
 * 32 bytes once decoded, which XrdMacaroons requires too). Made with {@code openssl rand -base64 -out FILE 64}.
 * Never shown: {@link #toString()} names the file only.
 */
public final class MacaroonSecret {
    /** What XrdMacaroons refuses below. */
    public static final int MIN_BYTES = 32;

    private final Path file;
    private final byte[] key;

    private MacaroonSecret(Path file, byte[] key) {
        this.file = file;
        this.key = key;
    }

    /**
     * @throws IOException when the file cannot be read, is not base64, or holds fewer than {@value #MIN_BYTES}
     *                     bytes (the message names the file, never its content)
     */
    public static MacaroonSecret read(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.US_ASCII).replaceAll("\\s", "");
        byte[] key;
        try {
            key = Base64.getMimeDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new IOException("the macaroon secret " + file + " is not base64");
        }
        if (key.length < MIN_BYTES) {
            throw new IOException("the macaroon secret " + file + " holds " + key.length + " bytes, fewer than "
                    + MIN_BYTES + " (make it with: openssl rand -base64 -out " + file + " 64)");
        }
        return new MacaroonSecret(file, key);
    }

    /** A secret from bytes already in hand (tests). */
    public static MacaroonSecret of(byte[] key) {
        if (key.length < MIN_BYTES) {
            throw new IllegalArgumentException("a macaroon secret needs " + MIN_BYTES + " bytes at least");
        }
        return new MacaroonSecret(null, key.clone());
    }

    byte[] key() {
        return key.clone();
    }

    /** The file it was read from, or {@code null}. */
    public Path file() {
        return file;
    }

    @Override
    public String toString() {
        return "MacaroonSecret[" + (file != null ? file : "given") + ", " + key.length + " bytes]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MacaroonSecret other && Arrays.equals(key, other.key);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(key);
    }
}
