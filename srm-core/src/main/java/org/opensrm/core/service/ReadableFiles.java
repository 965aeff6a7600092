package org.opensrm.core.service;

import org.opensrm.backend.FileStat;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;

/** What a get or bring-online asks of its file in both modes: a regular file the account may read. */
public final class ReadableFiles {
    private ReadableFiles() {
    }

    /**
     * @return the file's metadata
     * @throws SrmException {@code SRM_INVALID_PATH} when it does not exist or is not a file,
     *                      {@code SRM_AUTHORIZATION_FAILURE} when the account may not read it
     */
    public static FileStat require(StorageBackend backend, Account account, SrmPath path) throws SrmException {
        FileStat stat = backend.stat(account, path);
        if (!stat.isFile()) {
            throw SrmException.invalidPath(path + " is not a file");
        }
        if (!backend.access(account, path).read()) {
            throw SrmException.denied("no permission to read " + path);
        }
        return stat;
    }
}
