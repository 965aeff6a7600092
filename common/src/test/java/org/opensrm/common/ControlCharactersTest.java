package org.opensrm.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class ControlCharactersTest {
    @Test
    void plainTextIsReturnedAsItIs() {
        String s = "srm://host/path with spaces/é/€/\\n stays";
        assertSame(s, ControlCharacters.escape(s));
        assertNull(ControlCharacters.escape(null));
    }

    @Test
    void everyControlCharacterIsEscaped() {
        assertEquals("a\\nb\\rc\\td", ControlCharacters.escape("a\nb\rc\td"));
        assertEquals("\\u0000\\u001b[31m\\u007f\\u0085\\u2028\\u2029",
                ControlCharacters.escape("\0\u001b[31m\u007f\u0085\u2028\u2029"));
        for (char c = 0; c < 0x20; c++) {
            assertEquals(-1, ControlCharacters.escape("x" + c + "y").indexOf(c), "char " + (int) c);
        }
    }
}
