package org.opensrm.core.gateway;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.zip.DataFormatException;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileRequest;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestToken;

/**
 * Reads the tokens gateway mode issued before it ran the request engine, so that the requests clients hold across
 * the upgrade keep working for one release (remove with the release after): heads {@code P} (put), {@code G} (get)
 * and {@code B} (bring-online), payload deflated, formats 1 (no refusals recorded), 2 (each file's refusal) and 3 (a
 * random nonce first). Each is mapped onto the request the engine would have made: a put's file with
 * {@code SRM_SPACE_AVAILABLE} and the TURL of its upload (named in the parameter {@code upload.<index>}), a get's
 * pinned with its TURL, a bring-online's {@code SRM_SUCCESS}, a refused file failed with its refusal, every pin
 * lasting as long as the request. The owner is bound by the DN's digest only (these tokens carry no account).
 */
final class LegacyTokens {
    /** Format 3 added a random nonce; 2 each file's refusal status. */
    private static final int V3 = 3;
    private static final int V2 = 2;
    private static final int V1 = 1;
    private static final int NONCE_BYTES = 16;
    /** What the owner's account digest is in a request read from such a token: none is carried. */
    private static final String NO_ACCOUNT = "legacy-token";
    private static final String DIGEST = "sha256:";

    private LegacyTokens() {
    }

    static boolean isLegacy(char head) {
        return kindOf(head) != null;
    }

    /** The DN digest that owns such a token, compared with the caller's by {@link TokenRequestStore}. */
    static boolean isOwner(Request r, Owner caller) {
        return r.owner().dn().equals(DIGEST + HexFormat.of().formatHex(TokenCodec.digestOf(caller.dn())));
    }

    /**
     * @throws SrmException {@code SRM_INVALID_REQUEST} for a payload that is not such a token's
     */
    static Request read(RequestToken token, char head, byte[] payload, TokenRequestStore.Turls turls) throws SrmException {
        try {
            return map(token, deserialise(TokenCodec.inflate(payload), kindOf(head)), turls);
        } catch (IOException | DataFormatException | IllegalArgumentException e) {
            throw SrmException.invalidRequest("unknown request token (unreadable)");
        }
    }

    private static RequestKind kindOf(char head) {
        return switch (head) {
            case 'P' -> RequestKind.PUT;
            case 'G' -> RequestKind.GET;
            case 'B' -> RequestKind.BRING_ONLINE;
            default -> null;
        };
    }

    private record OldFile(String surl, SrmPath path, String uploadName, long expectedSize, String node,
                           SrmStatus refusal) {
    }

    private record OldToken(RequestKind kind, byte[] owner, Instant issued, Instant expires, boolean overwrite,
                            List<OldFile> files) {
    }

    private static OldToken deserialise(byte[] data, RequestKind headKind) throws IOException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
            int version = in.readByte();
            if (version != V3 && version != V2 && version != V1) {
                throw new IOException("token version");
            }
            if (version == V3 && in.skipBytes(NONCE_BYTES) != NONCE_BYTES) {
                throw new IOException("token nonce");
            }
            RequestKind kind = kindOf(in.readChar());
            if (kind == null || kind != headKind) {
                throw new IOException("token kind");
            }
            byte[] owner = in.readNBytes(32);
            Instant issued = Instant.ofEpochMilli(in.readLong());
            Instant expires = Instant.ofEpochMilli(in.readLong());
            boolean overwrite = in.readBoolean();
            in.readUTF(); // the static space token: checked when the put was made
            int n = in.readInt();
            if (n < 1 || n > 100_000) {
                throw new IOException("token file count");
            }
            List<OldFile> files = new ArrayList<>(n);
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
                String refusal = version == V1 ? "" : in.readUTF();
                files.add(new OldFile(surl, path, upload, size, node,
                        refusal.isEmpty() ? null : SrmStatus.valueOf(refusal)));
            }
            if (!expires.isAfter(issued)) {
                throw new IOException("token lifetime");
            }
            return new OldToken(kind, owner, issued, expires, overwrite, files);
        }
    }

    private static Request map(RequestToken token, OldToken t, TokenRequestStore.Turls turls) throws SrmException {
        Duration lifetime = Duration.between(t.issued(), t.expires());
        Map<String, String> parameters = new HashMap<>();
        parameters.put("overwrite", Boolean.toString(t.overwrite()));
        List<NewFile> files = new ArrayList<>(t.files().size());
        for (int i = 0; i < t.files().size(); i++) {
            OldFile f = t.files().get(i);
            OptionalLong size = f.expectedSize() > 0 ? OptionalLong.of(f.expectedSize()) : OptionalLong.empty();
            files.add(new NewFile(f.surl(), Optional.empty(), size, lifetime, Duration.ZERO));
            if (t.kind() == RequestKind.PUT && !f.uploadName().isEmpty()) {
                parameters.put("upload." + i, uploadOf(f).toString());
            }
        }
        Owner owner = Owner.of(DIGEST + HexFormat.of().formatHex(t.owner()), NO_ACCOUNT);
        NewRequest made = new NewRequest(t.kind(), owner, Optional.empty(), parameters, lifetime, files);
        Request r = Request.create(token, made, t.issued());
        List<FileRequest> served = new ArrayList<>(r.files().size());
        for (FileRequest f : r.files()) {
            served.add(serve(t, t.files().get(f.index()), f, turls));
        }
        return r.withEachFile(f -> served.get(f.index()), t.issued());
    }

    private static FileRequest serve(OldToken t, OldFile old, FileRequest f, TokenRequestStore.Turls turls) {
        if (old.refusal() != null) {
            return refused(f, old.refusal());
        }
        try {
            return switch (t.kind()) {
                case PUT -> old.uploadName().isEmpty() ? refused(f, SrmStatus.SRM_FAILURE)
                        : f.ready(t.kind(), Optional.of(turls.turl(old.node(), uploadOf(old))), f.size(), t.issued());
                case GET -> old.node().isEmpty() ? refused(f, SrmStatus.SRM_FAILURE)
                        : f.ready(t.kind(), Optional.of(turls.turl(old.node(), old.path())), OptionalLong.empty(),
                                t.issued());
                default -> f.ready(t.kind(), Optional.empty(), OptionalLong.empty(), t.issued());
            };
        } catch (SrmException e) {
            return f.fail(e.status().isSuccess() ? SrmStatus.SRM_FAILURE : e.status(), e.getMessage());
        }
    }

    private static FileRequest refused(FileRequest f, SrmStatus code) {
        return f.fail(code, "this file was refused when the request was made (" + code + ")");
    }

    /** Where the transfer writes: in the staging area, or beside the target for tokens of format 1. */
    private static SrmPath uploadOf(OldFile f) throws SrmException {
        String name = f.uploadName();
        return name.startsWith("/") ? SrmPath.of(name) : f.path().parent().child(name);
    }
}
