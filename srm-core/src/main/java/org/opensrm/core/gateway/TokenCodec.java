package org.opensrm.core.gateway;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/**
 * Signs what a gateway-mode token carries with the shared {@code srm.token.key}, so that any frontend holding the
 * key reads it back and nothing else is accepted. Form: {@code <head>.<payload>.<mac>}, the head one character
 * saying what the payload holds, the payload base64url-encoded, the mac a truncated HMAC-SHA256 over head and
 * payload. {@link TokenRequestStore} signs its requests under head {@code R}; tokens that gateway mode issued before
 * it ran the request engine (heads {@code P}, {@code G}, {@code B}, formats 1 to 3) are read by {@link LegacyTokens}.
 */
public final class TokenCodec {
    private static final int MAC_BYTES = 16;
    private static final int MAX_TOKEN_CHARS = 1 << 20;
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getUrlDecoder();

    private final SecretKeySpec key;
    /** One keyed MAC per thread: looking up and keying a MAC costs more than using it, on every token. */
    private final ThreadLocal<Mac> macs;

    public TokenCodec(byte[] secret) {
        this.key = new SecretKeySpec(secret.clone(), "HmacSHA256");
        this.macs = ThreadLocal.withInitial(this::newMac);
    }

    public static byte[] digestOf(String dn) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(dn.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    /**
     * Signs {@code payload} under a one-character {@code head} that says what it holds (the signature covers
     * both, so a token of one head is never read as another's): {@code <head>.<payload>.<mac>}.
     *
     * @param files how many files the payload holds, named in the refusal of a token too long to accept again
     * @throws SrmException {@code SRM_INVALID_REQUEST} when the token would be too long for {@link #unseal}
     */
    String seal(char head, byte[] payload, int files) throws SrmException {
        String signed = head + "." + B64.encodeToString(payload);
        String token = signed + "." + B64.encodeToString(mac(signed));
        if (token.length() > MAX_TOKEN_CHARS) {
            throw SrmException.invalidRequest("too many files (" + files
                    + ") for one request; split it into smaller requests");
        }
        return token;
    }

    /**
     * The head and payload of a token this codec signed.
     *
     * @throws SrmException {@code SRM_INVALID_REQUEST} for anything malformed, forged or signed with another key
     */
    Sealed unseal(String token) throws SrmException {
        if (token == null || token.isBlank()) {
            throw SrmException.invalidRequest("requestToken is missing");
        }
        if (token.length() > MAX_TOKEN_CHARS) {
            throw SrmException.invalidRequest("requestToken is too long");
        }
        String[] parts = token.trim().split("\\.");
        if (parts.length != 3 || parts[0].length() != 1) {
            throw SrmException.invalidRequest("unknown request token");
        }
        byte[] expected = mac(parts[0] + "." + parts[1]);
        try {
            if (!MessageDigest.isEqual(expected, B64D.decode(parts[2]))) {
                throw SrmException.invalidRequest("unknown request token (not issued by this storage element)");
            }
            return new Sealed(parts[0].charAt(0), B64D.decode(parts[1]));
        } catch (IllegalArgumentException e) {
            throw SrmException.invalidRequest("unknown request token");
        }
    }

    /** What a signed token holds: its head and its payload. */
    record Sealed(char head, byte[] payload) {
    }

    /** What tells one token from every other: its signature (the whole of it; not secret). */
    public static String idOf(String token) {
        return token.substring(token.lastIndexOf('.') + 1);
    }

    /** A short, non-secret name for a token, for logs and the MDC. */
    public static String shortId(String token) {
        return org.opensrm.core.RequestToken.shortId(token);
    }

    private byte[] mac(String data) {
        byte[] full = macs.get().doFinal(data.getBytes(StandardCharsets.US_ASCII)); // doFinal leaves it reset
        byte[] out = new byte[MAC_BYTES];
        System.arraycopy(full, 0, out, 0, MAC_BYTES);
        return out;
    }

    private Mac newMac() {
        try {
            Mac m = Mac.getInstance("HmacSHA256");
            m.init(key);
            return m;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }

    static byte[] deflate(byte[] data) {
        Deflater d = new Deflater(Deflater.BEST_SPEED);
        try {
            d.setInput(data);
            d.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(data.length / 2 + 16);
            byte[] buf = new byte[4096];
            while (!d.finished()) {
                out.write(buf, 0, d.deflate(buf));
            }
            return out.toByteArray();
        } finally {
            d.end();
        }
    }

    static byte[] inflate(byte[] data) throws DataFormatException {
        Inflater inf = new Inflater();
        try {
            inf.setInput(data);
            ByteArrayOutputStream out = new ByteArrayOutputStream(data.length * 3);
            byte[] buf = new byte[4096];
            while (!inf.finished()) {
                int n = inf.inflate(buf);
                if (n == 0 && (inf.needsInput() || inf.needsDictionary())) {
                    throw new DataFormatException("truncated");
                }
                out.write(buf, 0, n);
                if (out.size() > 16 << 20) {
                    throw new DataFormatException("too large");
                }
            }
            return out.toByteArray();
        } finally {
            inf.end();
        }
    }
}
