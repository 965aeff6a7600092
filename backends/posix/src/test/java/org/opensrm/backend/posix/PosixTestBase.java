package org.opensrm.backend.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/** A fresh {@link PosixFixture} and backend per test, and helpers for looking at the disk directly. */
abstract class PosixTestBase {
    static final Account ALICE = TestAccounts.ALICE;
    static final Account BOB = TestAccounts.BOB;
    static final Account CAROL = TestAccounts.CAROL;
    static final Account ROOT = TestAccounts.ROOT;

    PosixFixture fixture;
    PosixBackend backend;

    PosixFixture newFixture() {
        return new PosixFixture();
    }

    @BeforeEach
    void open() {
        fixture = newFixture();
        backend = (PosixBackend) fixture.backend();
    }

    @AfterEach
    void close() throws Exception {
        backend.close();
        fixture.close();
    }

    @FunctionalInterface
    interface Op {
        void run() throws Exception;
    }

    static SrmPath p(String path) throws SrmException {
        return SrmPath.of(path);
    }

    Path disk(String path) throws SrmException {
        return fixture.onDisk(p(path));
    }

    void write(Account owner, String path, String content) throws Exception {
        fixture.writeFile(owner, p(path), content.getBytes());
    }

    static int intAttr(Path file, String attribute) throws Exception {
        return (Integer) Files.getAttribute(file, "unix:" + attribute, LinkOption.NOFOLLOW_LINKS);
    }

    static void assertStatus(SrmStatus expected, Op op) {
        SrmException e = assertThrows(SrmException.class, op::run);
        assertEquals(expected, e.status(), e.getMessage());
    }
}
