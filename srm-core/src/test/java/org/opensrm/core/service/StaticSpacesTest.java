package org.opensrm.core.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.backend.SpaceFigures;
import org.opensrm.backend.posix.PosixBackend;
import org.opensrm.backend.posix.PosixBackendConfig;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Owner;
import org.opensrm.core.space.ReserveRequest;
import org.opensrm.core.space.SpaceDetail;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceToken;

/** Gateway mode's space answers: the static tokens, sized as configured or as the storage is, nothing reserved. */
class StaticSpacesTest {
    private static final Owner ALICE = Owner.of("/CN=Alice", "alice");

    @TempDir
    Path root;

    private StaticSpaces spaces() throws Exception {
        PosixBackend backend = new PosixBackend(PosixBackendConfig.builder(root).build());
        return new StaticSpaces(new SpaceTokens(List.of(
                new StaticSpaceToken("DATADISK", SrmPath.of("/"), "disk for data", 0),
                new StaticSpaceToken("SCRATCH", SrmPath.of("/"), "scratch", 1000)), backend), Clock.systemUTC());
    }

    @Test
    void aTokenOfSizeZeroHasTheStoragesFiguresAndOneWithASizeItsOwn() throws Exception {
        PosixBackend backend = new PosixBackend(PosixBackendConfig.builder(root).build());
        SpaceFigures storage = backend.space(SrmPath.ROOT);
        List<SpaceDetail> d = spaces().metaData(ALICE, List.of("DATADISK", "SCRATCH", "NOPE"));
        SpaceReservation disk = d.get(0).reservation().orElseThrow();
        assertEquals(SrmStatus.SRM_SUCCESS, d.get(0).status());
        assertEquals(storage.totalBytes(), disk.totalBytes());
        assertEquals(storage.totalBytes(), disk.guaranteedBytes());
        long unused = disk.totalBytes() - disk.usedBytes();
        assertTrue(Math.abs(storage.freeBytes() - unused) < 64L << 20, "free as the storage reports it");
        assertTrue(disk.isStatic());
        assertTrue(disk.expiresAt().isEmpty(), "infinite lifetime");
        assertEquals(1000, d.get(1).reservation().orElseThrow().totalBytes());
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, d.get(2).status());
        assertFalse(d.get(2).reservation().isPresent());
    }

    @Test
    void tokensAreFoundByDescriptionAndNothingElseIsOffered() throws Exception {
        StaticSpaces spaces = spaces();
        assertFalse(spaces.offersReservation());
        assertEquals(List.of(new SpaceToken("DATADISK")), spaces.tokens(ALICE, Optional.of("disk for")));
        assertEquals(2, spaces.tokens(ALICE, Optional.empty()).size());
        assertEquals(SrmStatus.SRM_INVALID_REQUEST,
                assertThrows(SrmException.class, () -> spaces.tokens(ALICE, Optional.of("tape"))).status());
        assertEquals(SrmStatus.SRM_NOT_SUPPORTED, assertThrows(SrmException.class,
                () -> spaces.reserve(ALICE, ReserveRequest.of("x", 10))).status());
    }
}
