package org.opensrm.core.gateway;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

class TokenCodecTest {
    private static final byte[] KEY = "first-shared-secret-key".getBytes(StandardCharsets.UTF_8);
    private static final byte[] OTHER_KEY = "second-shared-secret-key".getBytes(StandardCharsets.UTF_8);
    private static final String JANE = "/DC=org/DC=example/CN=Jane Doe";
    private static final String JOHN = "/DC=org/DC=example/CN=John Roe";
    private static final Instant ISSUED = Instant.parse("2026-11-23T12:00:00Z");
    private static final Instant EXPIRES = ISSUED.plus(Duration.ofHours(4));

    private final TokenCodec codec = new TokenCodec(KEY);

    private static List<TokenFile> files(int n, boolean put) throws SrmException {
        List<TokenFile> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String path = "/data/run" + (i % 7) + "/file-" + i + ".root";
            out.add(new TokenFile("srm://srm.example.org:8443/srm/managerv2?SFN=" + path, SrmPath.of(path),
                    put ? ".srmput-" + Integer.toHexString(i * 7919) : "", put ? 1000L * i : 0,
                    "door" + (i % 3) + ".example.org:2811"));
        }
        return out;
    }

    private static RequestToken token(TokenKind kind, String dn, List<TokenFile> files) {
        return new RequestToken(kind, TokenCodec.digestOf(dn), ISSUED, EXPIRES, kind == TokenKind.PUT,
                kind == TokenKind.PUT ? Optional.of("DATADISK") : Optional.empty(), files);
    }

    private static void assertSameToken(RequestToken expected, RequestToken actual) {
        assertEquals(expected.kind(), actual.kind());
        assertArrayEquals(expected.ownerDigest(), actual.ownerDigest());
        assertEquals(expected.issued(), actual.issued());
        assertEquals(expected.expires(), actual.expires());
        assertEquals(expected.overwrite(), actual.overwrite());
        assertEquals(expected.spaceToken(), actual.spaceToken());
        assertEquals(expected.files(), actual.files());
    }

    private static SrmStatus statusOf(ThrowingCall call) {
        return assertThrows(SrmException.class, call::run).status();
    }

    private interface ThrowingCall {
        void run() throws SrmException;
    }

    @Test
    void putTokenWithManyFilesRoundTrips() throws Exception {
        RequestToken t = token(TokenKind.PUT, JANE, files(2000, true));
        RequestToken back = codec.decode(codec.encode(t), TokenKind.PUT, JANE, ISSUED.plusSeconds(10));
        assertSameToken(t, back);
        assertEquals(2000, back.files().size());
        assertEquals(".srmput-" + Integer.toHexString(1999 * 7919), back.files().get(1999).uploadName());
    }

    @Test
    void getTokenWithManyFilesRoundTrips() throws Exception {
        RequestToken t = token(TokenKind.GET, JANE, files(500, false));
        assertSameToken(t, codec.decode(codec.encode(t), TokenKind.GET, JANE, ISSUED));
    }

    @Test
    void tokenFileIsFoundByItsNamespacePath() throws Exception {
        RequestToken t = codec.verify(codec.encode(token(TokenKind.PUT, JANE, files(20, true))));
        assertEquals(1000L * 13, t.file(SrmPath.of("/data/run6/file-13.root")).orElseThrow().expectedSize());
        assertEquals(Optional.empty(), t.file(SrmPath.of("/data/run6/file-99.root")));
    }

    @Test
    void tokenSurvivesARestartOfTheServer() throws Exception {
        String s = codec.encode(token(TokenKind.PUT, JANE, files(3, true)));
        TokenCodec afterRestart = new TokenCodec(KEY.clone());
        assertEquals(3, afterRestart.decode(s, TokenKind.PUT, JANE, ISSUED).files().size());
    }

    @Test
    void tokenSignedWithAnotherKeyIsAnInvalidRequest() throws Exception {
        String s = new TokenCodec(OTHER_KEY).encode(token(TokenKind.PUT, JANE, files(3, true)));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> codec.decode(s, TokenKind.PUT, JANE, ISSUED)));
    }

    @Test
    void forgedSignatureIsAnInvalidRequest() throws Exception {
        String s = codec.encode(token(TokenKind.PUT, JANE, files(3, true)));
        String mac = s.substring(s.lastIndexOf('.') + 1);
        byte[] bytes = Base64.getUrlDecoder().decode(mac);
        bytes[0] ^= 1;
        String forged = s.substring(0, s.lastIndexOf('.') + 1) + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        assertNotEquals(s, forged);
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> codec.decode(forged, TokenKind.PUT, JANE, ISSUED)));
    }

    @Test
    void payloadChangedUnderTheSignatureIsAnInvalidRequest() throws Exception {
        String mine = codec.encode(token(TokenKind.PUT, JANE, files(3, true)));
        String johns = codec.encode(token(TokenKind.PUT, JOHN, files(3, true)));
        // Jane's payload with John's signature, and the reverse: neither verifies
        String[] a = mine.split("\\.");
        String[] b = johns.split("\\.");
        String spliced = a[0] + "." + a[1] + "." + b[2];
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> codec.verify(spliced)));
    }

    @Test
    void relabelledKindIsAnInvalidRequest() throws Exception {
        String s = codec.encode(token(TokenKind.GET, JANE, files(3, false)));
        String relabelled = "P" + s.substring(1);
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> codec.decode(relabelled, TokenKind.PUT, JANE, ISSUED)));
    }

    @Test
    void tokenOfAnotherKindIsAnInvalidRequest() throws Exception {
        String get = codec.encode(token(TokenKind.GET, JANE, files(3, false)));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> codec.decode(get, TokenKind.PUT, JANE, ISSUED)));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST,
                statusOf(() -> codec.decode(get, TokenKind.BRING_ONLINE, JANE, ISSUED)));
    }

    @Test
    void tokenOfAnotherDnIsAnAuthorizationFailure() throws Exception {
        String s = codec.encode(token(TokenKind.PUT, JANE, files(3, true)));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, statusOf(() -> codec.decode(s, TokenKind.PUT, JOHN, ISSUED)));
    }

    @Test
    void expiredTokenTimesOutAndIsGoodUntilThen() throws Exception {
        String s = codec.encode(token(TokenKind.GET, JANE, files(1, false)));
        codec.decode(s, TokenKind.GET, JANE, EXPIRES.minus(1, ChronoUnit.MILLIS));
        assertEquals(SrmStatus.SRM_REQUEST_TIMED_OUT, statusOf(() -> codec.decode(s, TokenKind.GET, JANE, EXPIRES)));
        assertEquals(SrmStatus.SRM_REQUEST_TIMED_OUT,
                statusOf(() -> codec.decode(s, TokenKind.GET, JANE, EXPIRES.plus(Duration.ofDays(3)))));
    }

    @Test
    void truncatedTokenIsAnInvalidRequest() throws Exception {
        String s = codec.encode(token(TokenKind.PUT, JANE, files(50, true)));
        for (int keep : new int[] {s.length() - 1, s.length() - 5, s.lastIndexOf('.') + 1, s.lastIndexOf('.'),
                s.length() / 2, 3, 1}) {
            String cut = s.substring(0, keep);
            assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> codec.verify(cut)), "kept " + keep + " chars");
        }
    }

    @Test
    void garbageIsAnInvalidRequest() throws Exception {
        for (String garbage : new String[] {"", "   ", "abc", "P.x.y", "P..", "..", "PP.abc.def", "P.!!!.###",
                "P.aGVsbG8.aGVsbG8", "12345", "P.\u00e9\u00e9.\u00e9", "P.a.b.c"}) {
            assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> codec.verify(garbage)), garbage);
        }
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> codec.verify(null)));
    }

    @Test
    void signedButUnreadablePayloadIsAnInvalidRequest() throws Exception {
        String real = codec.encode(token(TokenKind.PUT, JANE, files(1, true)));
        String[] parts = real.split("\\.");
        assertEquals(real, signedWithKey(parts[0], parts[1]), "the test signs the way the codec does");
        // a payload this codec signed but did not produce: the signature is right, the content is not a token
        // (this is what a frontend with the same key but a different token version would present)
        String fake = signedWithKey("P", Base64.getUrlEncoder().withoutPadding()
                .encodeToString("not deflated".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> codec.verify(fake)));
    }

    @Test
    void oversizedInputIsAnInvalidRequest() throws Exception {
        String s = codec.encode(token(TokenKind.PUT, JANE, files(1, true)));
        String huge = s + "A".repeat((1 << 20) + 1);
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> codec.verify(huge)));
    }

    @Test
    void tokenTooLongToBeReadBackIsNotIssued() throws Exception {
        // names of random hex digits do not compress: a few thousand of them make a token beyond what verify reads
        java.util.Random random = new java.util.Random(42);
        List<TokenFile> many = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            StringBuilder name = new StringBuilder();
            for (int j = 0; j < 100; j++) {
                name.append(Integer.toHexString(random.nextInt(16)));
            }
            String path = "/data/" + name;
            many.add(new TokenFile("srm://srm.example.org" + path, SrmPath.of(path), "", 0, "door:2811"));
        }
        SrmException e = assertThrows(SrmException.class, () -> codec.encode(token(TokenKind.GET, JANE, many)));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, e.status());
        // and a token that is issued can always be read back
        String issued = codec.encode(token(TokenKind.GET, JANE, many.subList(0, 2_000)));
        assertEquals(2_000, codec.verify(issued).files().size());
    }

    @Test
    void shortIdIsAPrefixOfTheSignatureOnly() throws Exception {
        String s = codec.encode(token(TokenKind.PUT, JANE, files(1, true)));
        String id = TokenCodec.shortId(s);
        assertEquals(10, id.length());
        assertEquals(s.substring(s.lastIndexOf('.') + 1, s.lastIndexOf('.') + 11), id);
    }

    @Test
    void eachFilesRefusalIsCarried() throws Exception {
        List<TokenFile> files = new ArrayList<>(files(2, true));
        files.add(TokenFile.refused("srm://srm.example.org/data/busy", SrmPath.of("/data/busy"), 5,
                SrmStatus.SRM_FILE_BUSY));
        files.add(TokenFile.refused("srm://srm.example.org/nodir/x", SrmPath.of("/nodir/x"), 0,
                SrmStatus.SRM_INVALID_PATH));
        RequestToken t = token(TokenKind.PUT, JANE, files);
        RequestToken back = codec.verify(codec.encode(t));
        assertSameToken(t, back);
        assertEquals(SrmStatus.SRM_FILE_BUSY, back.files().get(2).refusal());
        assertEquals(null, back.files().get(0).refusal());
    }

    /** A token issued before refusals were carried (format version 1) is still read, with no refusals. */
    @Test
    void aVersionOneTokenIsStillRead() throws Exception {
        RequestToken t = codec.decode(earlierVersionToken(1), TokenKind.PUT, JANE, ISSUED);
        assertEquals(List.of(new TokenFile("srm://srm.example.org/data/old", SrmPath.of("/data/old"), ".srmput-0123",
                7, "door:2811")), t.files());
    }

    /** A token issued before tokens carried a nonce (format version 2) is still read, refusals and all. */
    @Test
    void aVersionTwoTokenIsStillRead() throws Exception {
        RequestToken t = codec.decode(earlierVersionToken(2), TokenKind.PUT, JANE, ISSUED);
        assertEquals(List.of(new TokenFile("srm://srm.example.org/data/old", SrmPath.of("/data/old"), ".srmput-0123",
                7, "door:2811", SrmStatus.SRM_FILE_BUSY)), t.files());
        assertEquals(EXPIRES, t.expires());
    }

    /**
     * The same request by the same user in the same millisecond twice: two tokens, each with an identity of its own
     * (what gateway mode keeps per request, such as released files, is keyed by it), both reading back the same.
     */
    @Test
    void twoIdenticalRequestsInTheSameInstantGetDifferentTokens() throws Exception {
        RequestToken t = token(TokenKind.GET, JANE, files(1, false));
        String first = codec.encode(t);
        String second = codec.encode(t);
        assertNotEquals(first, second);
        assertNotEquals(TokenCodec.idOf(first), TokenCodec.idOf(second));
        assertNotEquals(TokenCodec.shortId(first), TokenCodec.shortId(second));
        assertSameToken(t, codec.decode(first, TokenKind.GET, JANE, ISSUED));
        assertSameToken(t, codec.decode(second, TokenKind.GET, JANE, ISSUED));
    }

    /**
     * A put token of an earlier format version, as the server of that version signed it: version 1 without
     * refusals, version 2 with a refusal ({@code SRM_FILE_BUSY}) and no nonce.
     */
    private static String earlierVersionToken(int version) throws java.io.IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.DataOutputStream out = new java.io.DataOutputStream(bytes)) {
            out.writeByte(version);
            out.writeChar(TokenKind.PUT.code());
            out.write(TokenCodec.digestOf(JANE));
            out.writeLong(ISSUED.toEpochMilli());
            out.writeLong(EXPIRES.toEpochMilli());
            out.writeBoolean(false);
            out.writeUTF("");
            out.writeInt(1);
            out.writeUTF("srm://srm.example.org/data/old");
            out.writeUTF("/data/old");
            out.writeUTF(".srmput-0123");
            out.writeLong(7);
            out.writeUTF("door:2811");
            if (version == 2) {
                out.writeUTF(SrmStatus.SRM_FILE_BUSY.name());
            }
        }
        java.util.zip.Deflater d = new java.util.zip.Deflater();
        d.setInput(bytes.toByteArray());
        d.finish();
        byte[] buf = new byte[4096];
        byte[] deflated = java.util.Arrays.copyOf(buf, d.deflate(buf));
        d.end();
        String head = String.valueOf(TokenKind.PUT.code());
        return signedWithKey(head, Base64.getUrlEncoder().withoutPadding().encodeToString(deflated));
    }

    /** Signs {@code head.payload} the way the codec does, with its key, to build a correctly signed oddity. */
    private static String signedWithKey(String head, String payload) {
        try {
            javax.crypto.Mac m = javax.crypto.Mac.getInstance("HmacSHA256");
            m.init(new javax.crypto.spec.SecretKeySpec(KEY, "HmacSHA256"));
            byte[] full = m.doFinal((head + "." + payload).getBytes(StandardCharsets.US_ASCII));
            byte[] mac = java.util.Arrays.copyOf(full, 16);
            return head + "." + payload + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(mac);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
