package org.opensrm.core.macaroon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Minting against libmacaroons' published examples (its README), and the TURL caveats. */
class MacaroonTest {
    private static final MacaroonSecret README_SECRET = MacaroonSecret.of(
            "this is our super secret key; only we should know it".getBytes(StandardCharsets.US_ASCII));

    @Test
    void serialisesAsLibmacaroonsDoes() {
        String serialized = Macaroon.create("http://mybank/", "we used our secret key").serialize(README_SECRET);
        assertEquals("MDAxY2xvY2F0aW9uIGh0dHA6Ly9teWJhbmsvCjAwMjZpZGVudGlmaWVyIHdlIHVzZWQgb3VyIHNlY3JldCBrZXkKMDAy"
                + "ZnNpZ25hdHVyZSDj2eApCFJsTAA5rhURQRXZf91ovyujebNCqvD2F9BVLwo", serialized);
    }

    @Test
    void eachCaveatChainsTheSignature() {
        Macaroon m = Macaroon.create("http://mybank/", "we used our secret key").withCaveat("account = 3735928559");
        assertEquals("1efe4763f290dbce0c1d08477367e11f4eee456a64933cf662d79772dbb82128", signature(m));
        m = m.withCaveat("time < 2015-01-01T00:00").withCaveat("email = alice@example.org");
        assertEquals("882e6d59496ed5245edb7ab5b8839ecd63e5d504e54839804f164070d8eed952", signature(m));
    }

    @Test
    void turlMacaroonCarriesTheCaveatsTheDoorChecks() {
        Clock clock = Clock.fixed(Instant.parse("2026-01-02T03:04:05.678Z"), ZoneOffset.UTC);
        TurlMacaroons turls = new TurlMacaroons(README_SECRET, "SITE", clock);
        String text = decoded(turls.mint("/d/f", TurlMacaroons.Activity.READ, "srmuser1",
                Instant.parse("2026-01-02T04:04:05.999Z")));
        assertTrue(text.contains("location SITE\n"), text);
        assertTrue(text.contains("cid name:srmuser1\n"), text);
        assertTrue(text.contains("cid activity:DOWNLOAD\n"), text);
        assertTrue(text.contains("cid path:/d/f\n"), text);
        assertTrue(text.contains("cid before:2026-01-02T04:04:05Z\n"), text);

        String write = decoded(turls.mint("/u", TurlMacaroons.Activity.WRITE, "a", Instant.parse("2027-01-01T00:00:00Z")));
        assertTrue(write.contains("cid activity:UPLOAD,DELETE\n"), write);
        assertTrue(write.contains("cid before:2026-01-03T03:04:05Z\n"), "cut to 24 h: " + write);
        assertThrows(IllegalArgumentException.class,
                () -> turls.mint("/a/../b", TurlMacaroons.Activity.READ, "a", clock.instant()));
        assertEquals("root://h//f?authz=M", TurlMacaroons.withAuthz("root://h//f", "M"));
        assertEquals("https://h/f?x=1&authz=M", TurlMacaroons.withAuthz("https://h/f?x=1", "M"));
    }

    @Test
    void secretFileIsBase64OfAtLeast32BytesAndNeverShown(@TempDir Path dir) throws Exception {
        Path good = dir.resolve("secret");
        byte[] key = new byte[64];
        Arrays.fill(key, (byte) 7);
        String b64 = Base64.getEncoder().encodeToString(key);
        Files.writeString(good, b64.substring(0, 40) + "\n" + b64.substring(40) + "\n");
        MacaroonSecret secret = MacaroonSecret.read(good);
        assertEquals(MacaroonSecret.of(key), secret);
        assertFalse(secret.toString().contains(b64.substring(0, 8)), secret.toString());

        Path shortOne = dir.resolve("short");
        Files.writeString(shortOne, Base64.getEncoder().encodeToString(new byte[31]));
        assertTrue(assertThrows(java.io.IOException.class, () -> MacaroonSecret.read(shortOne)).getMessage()
                .contains("fewer than 32"));
        Path notBase64 = dir.resolve("bad");
        Files.writeString(notBase64, "*** not base64 ***");
        assertThrows(java.io.IOException.class, () -> MacaroonSecret.read(notBase64));
    }

    private static String signature(Macaroon m) {
        byte[] raw = Base64.getUrlDecoder().decode(m.serialize(README_SECRET));
        return HexFormat.of().formatHex(Arrays.copyOfRange(raw, raw.length - 33, raw.length - 1));
    }

    private static String decoded(String macaroon) {
        return new String(Base64.getUrlDecoder().decode(macaroon), StandardCharsets.ISO_8859_1);
    }
}
