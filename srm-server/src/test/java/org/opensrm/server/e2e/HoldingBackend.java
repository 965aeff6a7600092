package org.opensrm.server.e2e;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.opensrm.backend.AccessRights;
import org.opensrm.backend.BackendCapabilities;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.PosixMode;
import org.opensrm.backend.SpaceFigures;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;

/**
 * A backend that, once {@link #arm armed}, holds the next {@code stat} of one path until {@link Hold#release}:
 * the SRM call that made it keeps its processing slot all that time, as a slow storage call would. Every other
 * call goes straight to the wrapped backend.
 */
final class HoldingBackend implements StorageBackend {
    private final StorageBackend backend;
    private final SrmPath held;
    private volatile Hold hold;

    HoldingBackend(StorageBackend backend, String heldPath) {
        this.backend = backend;
        try {
            this.held = SrmPath.of(heldPath);
        } catch (SrmException e) {
            throw new IllegalArgumentException(heldPath, e);
        }
    }

    /** Holds the next stat of the held path; one hold at a time. */
    Hold arm() {
        Hold h = new Hold();
        hold = h;
        return h;
    }

    /** One episode: the stat that arrived, and the release it waits for. */
    final class Hold {
        private final CountDownLatch arrived = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);

        /** Waits until a call is held in the backend (bounded by {@code seconds}); whether one is. */
        boolean awaitArrival(long seconds) throws InterruptedException {
            return arrived.await(seconds, TimeUnit.SECONDS);
        }

        boolean isHolding() {
            return arrived.getCount() == 0 && released.getCount() == 1;
        }

        void release() {
            hold = null;
            released.countDown();
        }

        private void block() {
            arrived.countDown();
            boolean interrupted = false;
            while (true) {
                try {
                    released.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public FileStat stat(Account as, SrmPath path) throws SrmException {
        Hold h = hold;
        if (h != null && path.equals(held)) {
            h.block();
        }
        return backend.stat(as, path);
    }

    @Override
    public BackendCapabilities capabilities() {
        return backend.capabilities();
    }

    @Override
    public List<FileStat> list(Account as, SrmPath directory) throws SrmException {
        return backend.list(as, directory);
    }

    @Override
    public void mkdir(Account as, SrmPath path) throws SrmException {
        backend.mkdir(as, path);
    }

    @Override
    public void rmdir(Account as, SrmPath path, boolean recursive) throws SrmException {
        backend.rmdir(as, path, recursive);
    }

    @Override
    public void delete(Account as, SrmPath path) throws SrmException {
        backend.delete(as, path);
    }

    @Override
    public void rename(Account as, SrmPath from, SrmPath to, boolean replace) throws SrmException {
        backend.rename(as, from, to, replace);
    }

    @Override
    public void setMode(Account as, SrmPath path, PosixMode mode) throws SrmException {
        backend.setMode(as, path, mode);
    }

    @Override
    public AccessRights access(Account as, SrmPath path) throws SrmException {
        return backend.access(as, path);
    }

    @Override
    public String checksum(Account as, SrmPath path, String algorithm) throws SrmException {
        return backend.checksum(as, path, algorithm);
    }

    @Override
    public SpaceFigures space(SrmPath path) throws SrmException {
        return backend.space(path);
    }

    @Override
    public void createDropBox(SrmPath directory) throws SrmException {
        backend.createDropBox(directory);
    }

    @Override
    public String type() {
        return backend.type();
    }

    @Override
    public void close() throws IOException {
        backend.close();
    }
}
