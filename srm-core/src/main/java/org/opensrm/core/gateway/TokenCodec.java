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
 * Turns a {@link RequestToken} into the string a client carries and back, refusing anything it did not sign.
 * Form: {@code <kind>.<payload>.<mac>}, payload deflated and base64url-encoded, mac a truncated HMAC-SHA256
 * over kind and payload with the shared {@code srm.token.key}. Every token carries a random nonce, so two requests
 * alike in every field, made by one user in the same millisecond, still get tokens of their own (a release of one
 * is not seen in the other, whose state is kept by token).
 */
public final class TokenCodec {
    /**
     * Version 3 added a random nonce; version 2 each file's refusal status. Tokens of versions 1 (no refusals
     * recorded) and 2 (no nonce) are still read.
     */
    private static final int VERSION = 3;
    private static final int VERSION_WITHOUT_NONCE = 2;
    private static final int VERSION_WITHOUT_REFUSALS = 1;
    private static final int NONCE_BYTES = 16;
    private static final int MAC_BYTES = 16;
    private static final int MAX_TOKEN_CHARS = 1 << 20;
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getUrlDecoder();

    private final SecretKeySpec key;
    private final SecureRandom random = new SecureRandom();

    public TokenCodec(byte[] secret) {
        this.key = new SecretKeySpec(secret.clone(), "HmacSHA256");
    }

    public static byte[] digestOf(String dn) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(dn.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    /**
     * @throws SrmException {@code SRM_INVALID_REQUEST} when the token would be too long for {@link #verify} to
     *                      accept again (a request with too many files)
     */
    public String encode(RequestToken t) throws SrmException {
        return seal(t.kind().code(), deflate(serialise(t, nonce())), t.files().size());
    }

    /**
     * Verifies and decodes a token the client presented for a request of {@code kind} by {@code dn}.
     *
     * @throws SrmException {@code SRM_INVALID_REQUEST} for anything malformed, forged, signed with another key or
     *                      of another kind; {@code SRM_AUTHORIZATION_FAILURE} when another DN owns it;
     *                      {@code SRM_REQUEST_TIMED_OUT} once it has expired
     */
    public RequestToken decode(String token, TokenKind kind, String dn, Instant now) throws SrmException {
        RequestToken t = verify(token);
        if (t.kind() != kind) {
            throw SrmException.invalidRequest("request token belongs to another kind of request");
        }
        if (!MessageDigest.isEqual(t.ownerDigest(), digestOf(dn))) {
            throw SrmException.denied("request token belongs to another user");
        }
        if (t.isExpired(now)) {
            throw new SrmException(SrmStatus.SRM_REQUEST_TIMED_OUT, "request expired at " + t.expires());
        }
        return t;
    }

    /** Verifies the signature only (any kind, owner or age). */
    public RequestToken verify(String token) throws SrmException {
        Sealed sealed = unseal(token);
        TokenKind kind = TokenKind.of(sealed.head());
        if (kind == null) {
            throw SrmException.invalidRequest("unknown request token");
        }
        try {
            RequestToken t = deserialise(inflate(sealed.payload()));
            if (t.kind() != kind) {
                throw SrmException.invalidRequest("unknown request token");
            }
            return t;
        } catch (IOException | DataFormatException | IllegalArgumentException e) {
            throw SrmException.invalidRequest("unknown request token (unreadable)");
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
        try {
            Mac m = Mac.getInstance("HmacSHA256");
            m.init(key);
            byte[] full = m.doFinal(data.getBytes(StandardCharsets.US_ASCII));
            byte[] out = new byte[MAC_BYTES];
            System.arraycopy(full, 0, out, 0, MAC_BYTES);
            return out;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }

    private byte[] nonce() {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        return nonce;
    }

    private static byte[] serialise(RequestToken t, byte[] nonce) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            out.write(nonce);
            out.writeChar(t.kind().code());
            out.write(t.ownerDigest());
            out.writeLong(t.issued().toEpochMilli());
            out.writeLong(t.expires().toEpochMilli());
            out.writeBoolean(t.overwrite());
            out.writeUTF(t.spaceToken().orElse(""));
            out.writeInt(t.files().size());
            for (TokenFile f : t.files()) {
                out.writeUTF(f.surl());
                out.writeUTF(f.path().toString());
                out.writeUTF(f.uploadName());
                out.writeLong(f.expectedSize());
                out.writeUTF(f.node());
                out.writeUTF(f.isRefused() ? f.refusal().name() : "");
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return bytes.toByteArray();
    }

    private static RequestToken deserialise(byte[] data) throws IOException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
            int version = in.readByte();
            if (version != VERSION && version != VERSION_WITHOUT_NONCE && version != VERSION_WITHOUT_REFUSALS) {
                throw new IOException("token version");
            }
            if (version == VERSION && in.skipBytes(NONCE_BYTES) != NONCE_BYTES) {
                throw new IOException("token nonce");
            }
            TokenKind kind = TokenKind.of(in.readChar());
            if (kind == null) {
                throw new IOException("token kind");
            }
            byte[] owner = in.readNBytes(32);
            Instant issued = Instant.ofEpochMilli(in.readLong());
            Instant expires = Instant.ofEpochMilli(in.readLong());
            boolean overwrite = in.readBoolean();
            String space = in.readUTF();
            int n = in.readInt();
            if (n < 0 || n > 100_000) {
                throw new IOException("token file count");
            }
            List<TokenFile> files = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                String surl = in.readUTF();
                SrmPath path;
                try {
                    path = SrmPath.of(in.readUTF());
                } catch (SrmException e) {
                    throw new IOException("token path");
                }
                String upload = in.readUTF();
                long size = in.readLong();
                String node = in.readUTF();
                SrmStatus refusal = version == VERSION_WITHOUT_REFUSALS ? null : refusal(in.readUTF());
                files.add(new TokenFile(surl, path, upload, size, node, refusal));
            }
            return new RequestToken(kind, owner, issued, expires, overwrite,
                    space.isEmpty() ? Optional.empty() : Optional.of(space), files);
        }
    }

    private static SrmStatus refusal(String name) throws IOException {
        if (name.isEmpty()) {
            return null;
        }
        try {
            return SrmStatus.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new IOException("token refusal status");
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
