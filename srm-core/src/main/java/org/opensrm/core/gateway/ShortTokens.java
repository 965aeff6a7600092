package org.opensrm.core.gateway;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileRequest;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestToken;

/**
 * Bring-online tokens short enough for gfal2, which keeps at most {@value #MAX_CHARS} characters of the token
 * srmBringOnline answers and polls srmStatusOfBringOnlineRequest with what it kept. A bring-online served at once
 * holds nothing but each file's outcome (online, or refused with a status), so its token need not carry the SURLs:
 * it carries a digest of each (8 bytes of SHA-256), and a status call names the SURLs it asks about, as gfal2 does.
 * A refused file's explanation is not carried: later answers say it was refused, with its status.
 * Payload: version, 8 random bytes, creation (epoch milliseconds), request and pin lifetimes (seconds), 12 bytes of
 * SHA-256 over the owner's DN and account digests, then per file its SURL digest and its status (0: online, then its
 * size, -1 if unknown; else the refusal's ordinal + 1). Not
 * deflated. Used when the request has no description and its token fits; otherwise the full form.
 */
final class ShortTokens {
    static final char HEAD = 'b';
    static final int MAX_CHARS = 127;
    private static final int VERSION = 1;
    private static final int NONCE_BYTES = 8;
    private static final int OWNER_BYTES = 12;
    private static final int SURL_BYTES = 8;
    private static final int MAX_FILES = 8;

    private ShortTokens() {
    }

    /** The short payload of a served request, if it has one. */
    static Optional<byte[]> payload(SignedRequest s, SecureRandom random) {
        NewRequest r = s.request();
        if (r.kind() != RequestKind.BRING_ONLINE || r.description().isPresent() || !r.parameters().isEmpty()
                || r.files().size() > MAX_FILES || r.lifetime().toSeconds() > Integer.MAX_VALUE) {
            return Optional.empty();
        }
        Duration pin = r.files().get(0).pinLifetime();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            byte[] nonce = new byte[NONCE_BYTES];
            random.nextBytes(nonce);
            out.write(nonce);
            out.writeLong(s.createdAt().toEpochMilli());
            out.writeInt((int) r.lifetime().toSeconds());
            out.writeInt((int) Math.min(Integer.MAX_VALUE, pin.toSeconds()));
            out.write(ownerDigest(s.dnDigest(), s.accountDigest()));
            out.writeByte(r.files().size());
            for (int i = 0; i < r.files().size(); i++) {
                NewFile f = r.files().get(i);
                SignedRequest.Outcome o = s.outcomes().get(i);
                if (!f.pinLifetime().equals(pin) || !f.fileLifetime().isZero() || f.targetSurl().isPresent()
                        || o.state() == SignedRequest.OutcomeKind.WAITING || o.turl().isPresent()) {
                    return Optional.empty();
                }
                out.write(surlDigest(f.surl().text()));
                boolean served = o.state() == SignedRequest.OutcomeKind.SERVED;
                out.writeByte(served ? 0 : o.status().ordinal() + 1);
                if (served) {
                    out.writeLong(o.size().orElse(-1));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return Optional.of(bytes.toByteArray());
    }

    /** What a file refused when such a request was made is said with (its explanation is not carried). */
    static String refusal(SrmStatus status) {
        return "this file was refused when the request was made (" + status + ")";
    }

    /**
     * The request a short token holds, with the SURLs a call names: each file of the token is given the first named
     * SURL whose digest it carries; a file the call does not name keeps an empty SURL.
     *
     * @throws SrmException {@code SRM_INVALID_REQUEST} for a payload this class did not write, or a call naming no
     *                      SURL
     */
    static Read read(RequestToken token, byte[] payload, List<String> named) throws SrmException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload))) {
            if (in.readByte() != VERSION || in.skipBytes(NONCE_BYTES) != NONCE_BYTES) {
                throw new IOException("token version");
            }
            Instant created = Instant.ofEpochMilli(in.readLong());
            Duration lifetime = Duration.ofSeconds(in.readInt());
            Duration pin = Duration.ofSeconds(in.readInt());
            byte[] owner = in.readNBytes(OWNER_BYTES);
            int n = in.readUnsignedByte();
            if (n < 1 || n > MAX_FILES || lifetime.isNegative() || pin.isNegative() || owner.length != OWNER_BYTES) {
                throw new IOException("token counts");
            }
            List<NewFile> files = new ArrayList<>(n);
            List<Integer> outcomes = new ArrayList<>(n);
            List<OptionalLong> sizes = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                byte[] digest = in.readNBytes(SURL_BYTES);
                String surl = named == null ? "" : named.stream().filter(s -> s != null && Arrays.equals(surlDigest(s), digest))
                        .findFirst().orElse("");
                files.add(NewFile.of(surl).withPinLifetime(pin));
                int outcome = in.readUnsignedByte();
                outcomes.add(outcome);
                long size = outcome == 0 ? in.readLong() : -1;
                sizes.add(size < 0 ? OptionalLong.empty() : OptionalLong.of(size));
            }
            if (in.read() != -1) {
                throw new IOException("token has trailing bytes");
            }
            String text = "sha256:" + HexFormat.of().formatHex(owner);
            NewRequest made = new NewRequest(RequestKind.BRING_ONLINE, Owner.of(text, text), Optional.empty(),
                    Map.of(), lifetime, files);
            Request r = Request.create(token, made, created);
            List<FileRequest> served = new ArrayList<>(n);
            for (FileRequest f : r.files()) {
                int o = outcomes.get(f.index());
                if (o > SrmStatus.values().length) {
                    throw new IOException("token status");
                }
                served.add(o == 0 ? f.ready(RequestKind.BRING_ONLINE, Optional.empty(), sizes.get(f.index()), created)
                        : f.fail(SrmStatus.values()[o - 1], refusal(SrmStatus.values()[o - 1])));
            }
            return new Read(r.withEachFile(f -> served.get(f.index()), created), owner);
        } catch (IOException | IllegalArgumentException | IllegalStateException e) {
            throw SrmException.invalidRequest("unknown request token (unreadable)");
        }
    }

    /** A short token's request and its owner digest. */
    record Read(Request request, byte[] owner) {
        boolean isOwnedBy(Owner caller) {
            return MessageDigest.isEqual(owner, ownerDigest(TokenCodec.digestOf(caller.dn()),
                    TokenCodec.digestOf(caller.account())));
        }
    }

    private static byte[] ownerDigest(byte[] dn, byte[] account) {
        byte[] both = new byte[dn.length + account.length];
        System.arraycopy(dn, 0, both, 0, dn.length);
        System.arraycopy(account, 0, both, dn.length, account.length);
        return Arrays.copyOf(sha256(both), OWNER_BYTES);
    }

    private static byte[] surlDigest(String surl) {
        return Arrays.copyOf(sha256(surl.getBytes(StandardCharsets.UTF_8)), SURL_BYTES);
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }
}
