package org.opensrm.backend.contract;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.opensrm.backend.SpaceFigures;
import org.opensrm.common.SrmPath;

/** {@code space}: total and free bytes. */
public abstract class SpaceContract extends BackendContract {

    @Test
    void figuresArePlausible() throws Exception {
        SpaceFigures s = backend.space(SrmPath.ROOT);
        assertTrue(s.totalBytes() > 0, "total " + s.totalBytes());
        assertTrue(s.freeBytes() >= 0 && s.freeBytes() <= s.totalBytes(), s.toString());
    }

    @Test
    void forAPathBelowTheRoot() throws Exception {
        mkdir(alice, "/d");
        SpaceFigures s = backend.space(p("/d"));
        assertTrue(s.totalBytes() > 0 && s.freeBytes() <= s.totalBytes(), s.toString());
    }
}
