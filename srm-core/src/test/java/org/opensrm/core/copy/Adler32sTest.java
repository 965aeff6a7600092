package org.opensrm.core.copy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class Adler32sTest {
    @Test
    void valuesCompareWhateverTheirCaseAndLeadingZeros() {
        assertEquals(Adler32s.parse("0877F8F7"), Adler32s.parse("877f8f7"));
        assertEquals("0877f8f7", Adler32s.format(Adler32s.parse("877F8F7")));
    }

    @Test
    void aSpecWithAMalformedExpectedChecksumIsRefused() {
        URI a = URI.create("gsiftp://a/x");
        assertThrows(IllegalArgumentException.class, () -> new CopySpec(a, a, "x", Optional.of("not-hex")));
        assertThrows(IllegalArgumentException.class, () -> new CopySpec(a, a, "x", Optional.of("123456789")));
    }
}
