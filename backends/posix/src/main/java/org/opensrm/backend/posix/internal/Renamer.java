package org.opensrm.backend.posix.internal;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/**
 * The two ways of renaming on disk, once access has been decided.
 *
 * <p>Without replace, a file (or link) is hard-linked to its new name, which fails atomically if the name
 * exists, and then unlinked from the old one: nothing is ever clobbered and the target never goes missing.
 * A directory cannot be hard-linked, so it is checked for absence and then moved with {@code rename(2)}.
 * <b>Residual race:</b> an <em>empty</em> directory created at the target between the check and the move is
 * replaced by it (a file or non-empty directory there makes the move fail instead).
 *
 * <p>With replace, one atomic {@code rename(2)}.
 */
public final class Renamer {

    public void renameNoReplace(Path from, Attrs fromAttrs, Path to, SrmPath target) throws SrmException,
            IOException {
        if (fromAttrs.isDirectory()) {
            if (exists(to)) {
                throw duplicate(target);
            }
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
            return;
        }
        try {
            Files.createLink(to, from);
        } catch (FileAlreadyExistsException e) {
            throw duplicate(target);
        }
        try {
            Files.delete(from);
        } catch (NoSuchFileException e) {
            // someone else removed the old name meanwhile: the rename has still happened
        }
    }

    public void renameReplace(Path from, Path to) throws IOException {
        Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    }

    private static boolean exists(Path p) throws IOException {
        try {
            Attrs.lstat(p);
            return true;
        } catch (NoSuchFileException e) {
            return false;
        }
    }

    private static SrmException duplicate(SrmPath target) {
        return new SrmException(SrmStatus.SRM_DUPLICATION_ERROR, "already exists: " + target);
    }
}
