package org.opensrm.core.macaroon;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A macaroon with first-party caveats, minted the way libmacaroons (which XrdMacaroons verifies with) mints one:
 * the root key is {@code HMAC-SHA256(key "macaroons-key-generator", secret)}, the signature starts as
 * {@code HMAC-SHA256(root key, identifier)} and each caveat replaces it with {@code HMAC-SHA256(signature, caveat)}.
 * Serialised in libmacaroons' version-1 format: packets of a 4-digit hexadecimal length (counting itself),
 * {@code "location "}, {@code "identifier "}, one {@code "cid "} per caveat and {@code "signature "} with the 32 raw
 * bytes, each ending in a line feed; the whole in URL-safe base64 without padding, fit for a URL's query.
 */
public final class Macaroon {
    private static final byte[] KEY_GENERATOR = "macaroons-key-generator".getBytes(StandardCharsets.US_ASCII);

    private final String location;
    private final String identifier;
    private final List<String> caveats;

    private Macaroon(String location, String identifier, List<String> caveats) {
        this.location = location;
        this.identifier = identifier;
        this.caveats = caveats;
    }

    /** A macaroon without caveats yet; a line feed in either field is refused (it would end a packet). */
    public static Macaroon create(String location, String identifier) {
        return new Macaroon(field(location, "location"), field(identifier, "identifier"), List.of());
    }

    /** This macaroon with one more first-party caveat (e.g. {@code "path:/data/f"}). */
    public Macaroon withCaveat(String caveat) {
        List<String> more = new ArrayList<>(caveats);
        more.add(field(caveat, "caveat"));
        return new Macaroon(location, identifier, List.copyOf(more));
    }

    public List<String> caveats() {
        return caveats;
    }

    /** The serialised macaroon, signed with {@code secret}. */
    public String serialize(MacaroonSecret secret) {
        byte[] signature = hmac(hmac(KEY_GENERATOR, secret.key()), bytes(identifier));
        for (String caveat : caveats) {
            signature = hmac(signature, bytes(caveat));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        packet(out, "location", bytes(location));
        packet(out, "identifier", bytes(identifier));
        caveats.forEach(c -> packet(out, "cid", bytes(c)));
        packet(out, "signature", signature);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(out.toByteArray());
    }

    private static void packet(ByteArrayOutputStream out, String key, byte[] value) {
        int length = 4 + key.length() + 1 + value.length + 1;
        if (length > 0xffff) {
            throw new IllegalArgumentException("a macaroon packet holds at most 65535 bytes");
        }
        out.writeBytes(String.format("%04x", length).getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(bytes(key));
        out.write(' ');
        out.writeBytes(value);
        out.write('\n');
    }

    private static byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String field(String value, String name) {
        Objects.requireNonNull(value, name);
        if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("a macaroon " + name + " cannot hold a line break");
        }
        return value;
    }

    @Override
    public String toString() {
        return "Macaroon[" + location + ", " + identifier + ", " + caveats + "]";
    }
}
