package org.opensrm.core.gateway;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FileState;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.RequestKind;
import org.opensrm.core.Surl;

/**
 * What a {@link TokenRequestStore} token carries: the request as it was made, its owner as SHA-256 digests of the
 * DN and of the mapped account (neither is carried), when it was made, and what the engine made of each file when
 * it served the request at once ({@link Outcome}: the TURL, which names the door chosen and, for a put, the upload
 * in the staging area; or the status the file was refused with). A put's upload names are among the request's
 * parameters ({@code upload.<index>}), as the engine set them. Serialised to bytes the codec signs.
 *
 * @param dnDigest      SHA-256 of the owner's DN ({@link TokenCodec#digestOf}, gateway mode's owner binding)
 * @param accountDigest SHA-256 of the account the DN was mapped to
 * @param request       the request as made, its owner replaced by {@link #digestOwner}
 * @param createdAt     when it was made
 * @param outcomes      per file, in order: what serving it gave
 */
record SignedRequest(byte[] dnDigest, byte[] accountDigest, NewRequest request, Instant createdAt,
                     List<Outcome> outcomes) {
    /** Version 1 (no outcomes: every file served without a TURL) is still read. */
    private static final int VERSION = 2;
    private static final int VERSION_WITHOUT_OUTCOMES = 1;

    /**
     * What serving one file gave.
     *
     * @param state       {@link OutcomeKind}
     * @param status      a failed file's status (null otherwise)
     * @param explanation said with it ("" if nothing)
     * @param turl        a served file's TURL
     * @param size        a served file's size, when known
     */
    record Outcome(OutcomeKind state, SrmStatus status, String explanation, Optional<String> turl,
                   OptionalLong size) {
        static Outcome of(FileRequest f) {
            if (f.state() == FileState.FAILED) {
                return new Outcome(OutcomeKind.FAILED, f.status(), f.explanation(), Optional.empty(),
                        OptionalLong.empty());
            }
            if (f.state().isWaiting()) {
                return new Outcome(OutcomeKind.WAITING, null, "", Optional.empty(), OptionalLong.empty());
            }
            return new Outcome(OutcomeKind.SERVED, null, "", f.turl(), f.size());
        }

        /** Served without a TURL (what a request made without the engine is: version 1 tokens, the contract). */
        static Outcome served(NewFile f) {
            return new Outcome(OutcomeKind.SERVED, null, "", Optional.empty(), f.size());
        }

        /** The file as made at {@code created}, changed to this outcome. */
        FileRequest apply(RequestKind kind, FileRequest made, Instant created) {
            return switch (state) {
                case WAITING -> made;
                case FAILED -> made.fail(status, explanation);
                case SERVED -> made.ready(kind, turl, size, created);
            };
        }
    }

    /** Where a file stood once the request was served. */
    enum OutcomeKind { WAITING, SERVED, FAILED }

    private static final int MAX_FILES = 100_000;
    /** A put names each file's upload among its parameters. */
    private static final int MAX_PARAMETERS = MAX_FILES + 1_000;
    private static final String DIGEST_PREFIX = "sha256:";

    /** The request as a token keeps it: {@code made}'s owner known by digests only. */
    static SignedRequest of(NewRequest made, Instant now, List<Outcome> outcomes) {
        return of(made, now, outcomes, TokenCodec::digestOf);
    }

    /** @param digest {@link TokenCodec#digestOf} or what keeps its results */
    static SignedRequest of(NewRequest made, Instant now, List<Outcome> outcomes,
                            java.util.function.Function<String, byte[]> digest) {
        byte[] dn = digest.apply(made.owner().dn());
        byte[] account = digest.apply(made.owner().account());
        return new SignedRequest(dn, account, withOwner(made, digestOwner(dn, account)), now, List.copyOf(outcomes));
    }

    /** Every file served without a TURL. */
    static List<Outcome> allServed(NewRequest made) {
        return made.files().stream().map(Outcome::served).toList();
    }

    /** Whether {@code caller} is the owner: same DN and same account (FQANs do not take part). */
    boolean isOwnedBy(Owner caller) {
        return isOwnedBy(caller, TokenCodec::digestOf);
    }

    /** @param digest {@link TokenCodec#digestOf} or what keeps its results */
    boolean isOwnedBy(Owner caller, java.util.function.Function<String, byte[]> digest) {
        return MessageDigest.isEqual(dnDigest, digest.apply(caller.dn()))
                & MessageDigest.isEqual(accountDigest, digest.apply(caller.account()));
    }

    byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            out.write(dnDigest);
            out.write(accountDigest);
            out.writeLong(createdAt.getEpochSecond());
            out.writeInt(createdAt.getNano());
            out.writeByte(request.kind().ordinal());
            writeOptional(out, request.description());
            writeDuration(out, request.lifetime());
            Map<String, String> sorted = request.parameters().size() < 2 ? request.parameters()
                    : new TreeMap<>(request.parameters());
            out.writeInt(sorted.size());
            for (Map.Entry<String, String> e : sorted.entrySet()) {
                writeText(out, e.getKey());
                writeText(out, e.getValue());
            }
            out.writeInt(request.files().size());
            for (NewFile f : request.files()) {
                writeText(out, f.surl().text());
                writeOptional(out, f.targetSurl().map(Surl::text));
                out.writeBoolean(f.size().isPresent());
                out.writeLong(f.size().orElse(0));
                writeDuration(out, f.pinLifetime());
                writeDuration(out, f.fileLifetime());
            }
            for (Outcome o : outcomes) {
                out.writeByte(o.state().ordinal());
                if (o.state() == OutcomeKind.FAILED) {
                    writeText(out, o.status().name());
                    writeText(out, o.explanation());
                } else if (o.state() == OutcomeKind.SERVED) {
                    writeOptional(out, o.turl());
                    out.writeBoolean(o.size().isPresent());
                    out.writeLong(o.size().orElse(0));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * @throws IOException              for bytes this class did not write
     * @throws IllegalArgumentException for values a request cannot hold
     */
    static SignedRequest fromBytes(byte[] data) throws IOException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
            int version = in.readByte();
            if (version != VERSION && version != VERSION_WITHOUT_OUTCOMES) {
                throw new IOException("token version");
            }
            byte[] dn = in.readNBytes(32);
            byte[] account = in.readNBytes(32);
            Instant created = Instant.ofEpochSecond(in.readLong(), in.readInt());
            int kind = in.readByte();
            if (kind < 0 || kind >= RequestKind.values().length) {
                throw new IOException("token kind");
            }
            Optional<String> description = readOptional(in);
            Duration lifetime = readDuration(in);
            Map<String, String> parameters = new TreeMap<>();
            for (int i = 0, n = count(in, MAX_PARAMETERS); i < n; i++) {
                parameters.put(readText(in), readText(in));
            }
            int n = count(in, MAX_FILES);
            List<NewFile> files = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                String surl = readText(in);
                Optional<String> target = readOptional(in);
                boolean sized = in.readBoolean();
                long size = in.readLong();
                files.add(new NewFile(surl, target, sized ? OptionalLong.of(size) : OptionalLong.empty(),
                        readDuration(in), readDuration(in)));
            }
            NewRequest request = new NewRequest(RequestKind.values()[kind], digestOwner(dn, account), description,
                    parameters, lifetime, files);
            List<Outcome> outcomes = version == VERSION_WITHOUT_OUTCOMES ? allServed(request) : readOutcomes(in, n);
            if (in.read() != -1) {
                throw new IOException("token has trailing bytes");
            }
            return new SignedRequest(dn, account, request, created, outcomes);
        }
    }

    private static List<Outcome> readOutcomes(DataInputStream in, int files) throws IOException {
        List<Outcome> out = new ArrayList<>(files);
        for (int i = 0; i < files; i++) {
            int state = in.readByte();
            if (state < 0 || state >= OutcomeKind.values().length) {
                throw new IOException("token file state");
            }
            switch (OutcomeKind.values()[state]) {
                case WAITING -> out.add(new Outcome(OutcomeKind.WAITING, null, "", Optional.empty(),
                        OptionalLong.empty()));
                case FAILED -> {
                    SrmStatus status = SrmStatus.valueOf(readText(in));
                    out.add(new Outcome(OutcomeKind.FAILED, status, readText(in), Optional.empty(),
                            OptionalLong.empty()));
                }
                case SERVED -> {
                    Optional<String> turl = readOptional(in);
                    boolean sized = in.readBoolean();
                    long size = in.readLong();
                    out.add(new Outcome(OutcomeKind.SERVED, null, "", turl,
                            sized ? OptionalLong.of(size) : OptionalLong.empty()));
                }
                default -> throw new IOException("token file state");
            }
        }
        return out;
    }

    /** The owner a decoded request names: the digests, as text, in place of the DN and the account. */
    static Owner digestOwner(byte[] dn, byte[] account) {
        return Owner.of(DIGEST_PREFIX + HexFormat.of().formatHex(dn), DIGEST_PREFIX + HexFormat.of().formatHex(account));
    }

    private static NewRequest withOwner(NewRequest r, Owner owner) {
        return new NewRequest(r.kind(), owner, r.description(), r.parameters(), r.lifetime(), r.files());
    }

    private static int count(DataInputStream in, int max) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > max) {
            throw new IOException("token count " + n);
        }
        return n;
    }

    private static void writeText(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readText(DataInputStream in) throws IOException {
        int n = count(in, in.available());
        return new String(in.readNBytes(n), StandardCharsets.UTF_8);
    }

    private static void writeOptional(DataOutputStream out, Optional<String> s) throws IOException {
        out.writeBoolean(s.isPresent());
        if (s.isPresent()) {
            writeText(out, s.get());
        }
    }

    private static Optional<String> readOptional(DataInputStream in) throws IOException {
        return in.readBoolean() ? Optional.of(readText(in)) : Optional.empty();
    }

    private static void writeDuration(DataOutputStream out, Duration d) throws IOException {
        out.writeLong(d.getSeconds());
        out.writeInt(d.getNano());
    }

    private static Duration readDuration(DataInputStream in) throws IOException {
        return Duration.ofSeconds(in.readLong(), in.readInt());
    }
}
