package org.opensrm.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TokenGeneratorTest {

    @Test
    void tokensCarry160RandomBitsInUrlSafeText() {
        TokenGenerator g = new TokenGenerator();
        Set<String> seen = new HashSet<>();
        int[] bitOnes = new int[TokenGenerator.RANDOM_BYTES * 8];
        int n = 2000;
        for (int i = 0; i < n; i++) {
            String v = g.next().value();
            assertTrue(v.matches("[A-Za-z0-9_-]{27}"), v);
            assertTrue(seen.add(v));
            byte[] raw = Base64.getUrlDecoder().decode(v);
            assertEquals(TokenGenerator.RANDOM_BYTES, raw.length);
            for (int b = 0; b < bitOnes.length; b++) {
                bitOnes[b] += (raw[b / 8] >> (b % 8)) & 1;
            }
        }
        for (int b = 0; b < bitOnes.length; b++) {
            // each bit is set about half the time (binomial, n=2000: 6 sigma is ~134)
            assertTrue(Math.abs(bitOnes[b] - n / 2) < 150, "bit " + b + " set " + bitOnes[b] + " times");
        }
    }

    @Test
    void aTokenIsPrintableAsciiWithinItsLimit() {
        assertThrows(IllegalArgumentException.class, () -> new RequestToken(""));
        assertThrows(IllegalArgumentException.class, () -> new RequestToken("a b"));
        assertThrows(IllegalArgumentException.class, () -> new RequestToken("é"));
        assertEquals("abcdefghij", new RequestToken("abcdefghijklmnop").shortId());
    }
}
