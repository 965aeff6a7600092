package org.opensrm.core.gateway;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.RequestKind;

/**
 * Writes tokens as gateway mode issued them before it ran the request engine (formats 1 to 3 of the old
 * {@code TokenCodec}), the way clients hold them across the upgrade: what {@link LegacyTokens} must still read.
 * Test code only: nothing issues such tokens any more.
 */
public final class OldGatewayTokens {
    /** One file as an old token kept it. */
    public record OldFile(String surl, String path, String uploadName, long expectedSize, String node,
                          SrmStatus refusal) {
        public static OldFile accepted(String surl, String path, String uploadName, long size, String node) {
            return new OldFile(surl, path, uploadName, size, node, null);
        }

        public static OldFile refused(String surl, String path, SrmStatus status) {
            return new OldFile(surl, path, "", 0, "", status);
        }
    }

    private final TokenCodec codec;
    private final SecureRandom random = new SecureRandom();

    public OldGatewayTokens(byte[] key) {
        this.codec = new TokenCodec(key);
    }

    /** A token of format {@code version} (1, 2 or 3) for a request of {@code kind} by {@code dn}. */
    public String encode(int version, RequestKind kind, String dn, Instant issued, Instant expires, boolean overwrite,
                         List<OldFile> files) throws SrmException {
        char code = switch (kind) {
            case PUT -> 'P';
            case GET -> 'G';
            case BRING_ONLINE -> 'B';
            default -> throw new IllegalArgumentException(kind.toString());
        };
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(version);
            if (version == 3) {
                byte[] nonce = new byte[16];
                random.nextBytes(nonce);
                out.write(nonce);
            }
            out.writeChar(code);
            out.write(TokenCodec.digestOf(dn));
            out.writeLong(issued.toEpochMilli());
            out.writeLong(expires.toEpochMilli());
            out.writeBoolean(overwrite);
            out.writeUTF("");
            out.writeInt(files.size());
            for (OldFile f : files) {
                out.writeUTF(f.surl());
                out.writeUTF(f.path());
                out.writeUTF(f.uploadName());
                out.writeLong(f.expectedSize());
                out.writeUTF(f.node());
                if (version > 1) {
                    out.writeUTF(f.refusal() == null ? "" : f.refusal().name());
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return codec.seal(code, TokenCodec.deflate(bytes.toByteArray()), files.size());
    }
}
