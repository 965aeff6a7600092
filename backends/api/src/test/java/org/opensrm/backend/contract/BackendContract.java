package org.opensrm.backend.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.zip.Adler32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.opensrm.backend.BackendCapabilities;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.PosixMode;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/**
 * Common ground of the per-operation contract suites: a fresh fixture and backend per test, the two accounts
 * and assertion helpers. An implementation binds a suite by extending it and implementing {@link #createFixture}.
 */
public abstract class BackendContract {
    protected BackendFixture fixture;
    protected StorageBackend backend;
    protected Account alice;
    protected Account bob;

    /** A new fixture over an empty root; called before every test. */
    protected abstract BackendFixture createFixture() throws Exception;

    @BeforeEach
    void openBackend() throws Exception {
        fixture = createFixture();
        backend = fixture.backend();
        alice = fixture.alice();
        bob = fixture.bob();
    }

    @AfterEach
    void closeBackend() throws Exception {
        try {
            if (backend != null) {
                backend.close();
            }
        } finally {
            if (fixture != null) {
                fixture.close();
            }
        }
    }

    protected BackendCapabilities caps() {
        return backend.capabilities();
    }

    /** An operation expected to fail. */
    @FunctionalInterface
    protected interface Op {
        void run() throws Exception;
    }

    protected static SrmPath p(String path) {
        try {
            return SrmPath.of(path);
        } catch (SrmException e) {
            throw new IllegalArgumentException(path, e);
        }
    }

    protected static SrmException assertStatus(SrmStatus expected, Op op) {
        SrmException e = assertThrows(SrmException.class, op::run, () -> "expected " + expected);
        assertEquals(expected, e.status(), () -> "wrong status; explanation: " + e.getMessage());
        return e;
    }

    protected static SrmException assertStatusIn(Set<SrmStatus> expected, Op op) {
        SrmException e = assertThrows(SrmException.class, op::run, () -> "expected one of " + expected);
        assertTrue(expected.contains(e.status()),
                () -> "status " + e.status() + " not in " + expected + "; explanation: " + e.getMessage());
        return e;
    }

    protected static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** Deterministic pseudo-random content. */
    protected static byte[] content(int size, int seed) {
        byte[] b = new byte[size];
        long x = seed * 0x9E3779B97F4A7C15L + 1;
        for (int i = 0; i < size; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            b[i] = (byte) x;
        }
        return b;
    }

    protected static String adler32Hex(byte[] content) {
        Adler32 a = new Adler32();
        a.update(content);
        return String.format("%08x", a.getValue());
    }

    protected void write(Account owner, String path, byte[] content) throws Exception {
        fixture.writeFile(owner, p(path), content);
    }

    protected void mkdir(Account as, String path) throws SrmException {
        backend.mkdir(as, p(path));
    }

    /** Makes a directory as {@code as} and gives it {@code octalMode}. */
    protected void mkdir(Account as, String path, int octalMode) throws SrmException {
        backend.mkdir(as, p(path));
        backend.setMode(as, p(path), PosixMode.ofOctal(octalMode));
    }

    protected FileStat stat(Account as, String path) throws SrmException {
        return backend.stat(as, p(path));
    }

    protected boolean exists(String path) throws SrmException {
        try {
            backend.stat(alice, p(path));
            return true;
        } catch (SrmException e) {
            if (e.status() == SrmStatus.SRM_INVALID_PATH) {
                return false;
            }
            throw e;
        }
    }

    protected static void assertContent(byte[] expected, String actualAdler, long actualSize) {
        assertEquals(expected.length, actualSize, "size");
        assertEquals(adler32Hex(expected), actualAdler, "content (by adler32)");
    }
}
