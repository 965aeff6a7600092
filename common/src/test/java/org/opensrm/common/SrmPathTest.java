package org.opensrm.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SrmPathTest {
    @Test
    void foldsRepeatedAndTrailingSlashes() throws SrmException {
        assertEquals("/a/b", SrmPath.of("//a///b/").toString());
        assertEquals("/", SrmPath.of("/").toString());
        assertTrue(SrmPath.of("///").isRoot());
    }

    @Test
    void refusesEscapesWithInvalidPath() {
        for (String bad : new String[] {"/a/../b", "/..", "/a/./b", "relative", "/a\\b", "/a\0b"}) {
            SrmException e = assertThrows(SrmException.class, () -> SrmPath.of(bad), bad);
            assertEquals(SrmStatus.SRM_INVALID_PATH, e.status());
        }
    }

    @Test
    void aNameLongerThan255BytesIsAnInvalidPath() throws SrmException {
        assertEquals(255, SrmPath.of("/d/" + "n".repeat(255)).name().length());
        assertEquals(85, SrmPath.of("/d/" + "\u00e9".repeat(85)).name().length(), "170 bytes");
        for (String bad : new String[] {"/d/" + "n".repeat(300), "/" + "n".repeat(256) + "/x",
                "/d/" + "\u20ac".repeat(86)}) {
            SrmException e = assertThrows(SrmException.class, () -> SrmPath.of(bad));
            assertEquals(SrmStatus.SRM_INVALID_PATH, e.status());
            assertTrue(e.getMessage().contains("longer than 255 bytes"), e.getMessage());
        }
    }

    @Test
    void keepsEncodedSlashLiteral() throws SrmException {
        SrmPath p = SrmPath.of("/a%2F..%2Fb");
        assertEquals(1, p.depth());
        assertEquals("a%2F..%2Fb", p.name());
    }

    @Test
    void parentChildAndContainment() throws SrmException {
        SrmPath p = SrmPath.of("/data/x/y");
        assertEquals("/data/x", p.parent().toString());
        assertEquals("y", p.name());
        assertEquals("/data/x/y/z", p.child("z").toString());
        assertTrue(SrmPath.of("/data").contains(p));
        assertTrue(SrmPath.ROOT.parent().isRoot());
        assertThrows(SrmException.class, () -> p.child("a/b"));
    }
}
