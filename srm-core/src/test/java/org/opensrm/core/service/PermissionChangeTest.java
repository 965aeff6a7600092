package org.opensrm.core.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.opensrm.backend.PosixMode;
import org.opensrm.core.service.PermissionChange.Kind;

/** srmSetPermission's bits: ADD, REMOVE and CHANGE of owner, group and other (issue 22 point 11). */
class PermissionChangeTest {
    private static int apply(int mode, Kind kind, Integer owner, Integer group, Integer other) {
        return new PermissionChange(kind, owner, group, other).applyTo(PosixMode.ofOctal(mode)).toOctal();
    }

    @Test
    void aChangeWithoutAGroupGivesTheGroupOthersBitsAsGfalChmodNeeds() {
        assertEquals(0700, apply(0770, Kind.CHANGE, 7, null, 0), "gfal-chmod 700 of a 770 file");
        assertEquals(0755, apply(0700, Kind.CHANGE, 7, null, 5), "gfal-chmod 755");
        assertEquals(0644, apply(0660, Kind.CHANGE, 6, null, 4), "gfal-chmod 644");
    }

    @Test
    void aChangeWithAGroupOrWithoutOthersBitsSetsWhatItGives() {
        assertEquals(0750, apply(0777, Kind.CHANGE, 7, 5, 0));
        assertEquals(0460, apply(0660, Kind.CHANGE, 4, null, null), "the owner alone: group and other stay");
    }

    @Test
    void addAndRemoveWithoutAGroupLeaveTheGroup() {
        assertEquals(0764, apply(0740, Kind.ADD, null, 2, 4));
        assertEquals(0664, apply(0660, Kind.ADD, null, null, 4));
        assertEquals(0660, apply(0764, Kind.REMOVE, 1, null, 4));
    }
}
