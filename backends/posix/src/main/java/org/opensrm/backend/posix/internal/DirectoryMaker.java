package org.opensrm.backend.posix.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.opensrm.backend.PosixMode;
import org.opensrm.common.Account;

/**
 * Creates a directory and gives it to the acting account: its uid, and its primary gid unless the parent is
 * setgid (then the parent's group and the setgid bit, as the kernel does); the configured mode regardless of
 * the process umask. A change that is already in place is skipped, so an unprivileged server serving its own
 * account needs no privilege. If the directory cannot be given away it is removed again.
 */
public final class DirectoryMaker {
    private final int mode;

    public DirectoryMaker(PosixMode mode) {
        this.mode = mode.toOctal();
    }

    public void make(Account as, Path dir, Attrs parent) throws IOException {
        Files.createDirectory(dir);
        try {
            int gid = parent.setgid() ? parent.gid() : as.gid();
            Attrs made = Attrs.lstat(dir);
            if (made.uid() != as.uid()) {
                Files.setAttribute(dir, "unix:uid", as.uid(), LinkOption.NOFOLLOW_LINKS);
            }
            if (made.gid() != gid) {
                Files.setAttribute(dir, "unix:gid", gid, LinkOption.NOFOLLOW_LINKS);
            }
            Files.setAttribute(dir, "unix:mode", mode | (parent.setgid() ? Attrs.S_ISGID : 0));
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(dir);
            } catch (IOException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }
}
