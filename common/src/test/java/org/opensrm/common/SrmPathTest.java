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
