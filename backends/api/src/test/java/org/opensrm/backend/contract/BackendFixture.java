package org.opensrm.backend.contract;

import java.io.IOException;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.Account;
import org.opensrm.common.SrmPath;

/**
 * What an implementation supplies to bind the contract suites: a fresh backend over an empty root, two
 * ordinary accounts that are not the storage's superuser, and a way to write file content the way a GridFTP
 * transfer would (as the given account, outside the SPI).
 */
public interface BackendFixture extends AutoCloseable {
    /** A backend over an empty root. Called once per test. */
    StorageBackend backend();

    Account alice();

    Account bob();

    /** Writes a file as {@code owner}, as a transfer would; the parent exists. */
    void writeFile(Account owner, SrmPath path, byte[] content) throws IOException;

    /** Whether this fixture can give {@code path} a symbolic link to outside the root (POSIX can). */
    default boolean makeSymlinkOutOfRoot(SrmPath path) throws IOException {
        return false;
    }

    @Override
    void close() throws Exception;
}
