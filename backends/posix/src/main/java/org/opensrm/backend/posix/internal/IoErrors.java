package org.opensrm.backend.posix.internal;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/** Turns the JDK's I/O failures into the statuses of the SPI. */
public final class IoErrors {
    private IoErrors() {
    }

    public static SrmException map(IOException e, SrmPath path, String what) {
        if (e instanceof NoSuchFileException || e instanceof NotDirectoryException || notADirectory(e)) {
            return new SrmException(SrmStatus.SRM_INVALID_PATH, "no such file or directory: " + path, e);
        }
        if (e instanceof FileAlreadyExistsException) {
            return new SrmException(SrmStatus.SRM_DUPLICATION_ERROR, "already exists: " + path, e);
        }
        if (e instanceof DirectoryNotEmptyException) {
            return new SrmException(SrmStatus.SRM_NON_EMPTY_DIRECTORY, "directory not empty: " + path, e);
        }
        if (e instanceof AccessDeniedException) {
            return new SrmException(SrmStatus.SRM_AUTHORIZATION_FAILURE, "permission denied: " + path, e);
        }
        if (e instanceof FileSystemException f && f.getReason() != null && f.getReason().contains("No space left")) {
            return SrmException.internal("cannot " + what + " " + path + ": the storage is full; retry later", e);
        }
        return SrmException.internal("cannot " + what + " " + path + ": " + e.getClass().getSimpleName(), e);
    }

    private static boolean notADirectory(IOException e) {
        return e instanceof FileSystemException f && f.getReason() != null
                && (f.getReason().contains("Not a directory") || f.getReason().contains("Too many levels"));
    }
}
