package org.opensrm.backend.contract;

import java.io.IOException;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.Account;
import org.opensrm.common.SrmPath;

/**
 * What an implementation supplies to bind the contract suites: a fresh backend over an empty root, two
 * ordinary accounts that are not the storage's superuser, and a way to write file content the way a GridFTP
 * transfer would (as the given account, outside the SPI).
 *
 * <p>The root must be searchable and writable by both accounts (on POSIX: mode 0777), so that each can create
 * entries directly below it. {@link #alice()} and {@link #bob()} must not share their primary groups. The suites
 * call {@link #backend()} once per test, close that backend after the test and then close the fixture.
 */
public interface BackendFixture extends AutoCloseable {
    /** A backend over an empty root. Called once per test. */
    StorageBackend backend();

    Account alice();

    Account bob();

    /** Writes a file as {@code owner}, as a transfer would; the parent exists. Replaces an existing file. */
    void writeFile(Account owner, SrmPath path, byte[] content) throws IOException;

    /**
     * Whether this fixture can make {@code path} a symbolic link to a directory outside the root that holds a
     * readable file named {@code x} (POSIX can). The suites require it when the backend declares {@code symlinks}.
     */
    default boolean makeSymlinkOutOfRoot(SrmPath path) throws IOException {
        return false;
    }

    /**
     * Whether this fixture can make {@code link} a symbolic link, owned by {@code owner}, to {@code target}
     * inside the root; the suites require it when the backend declares {@code symlinks}.
     */
    default boolean makeSymlink(Account owner, SrmPath link, SrmPath target) throws IOException {
        return false;
    }

    @Override
    void close() throws Exception;
}
