package org.opensrm.core.space.contract;

import java.time.Clock;
import org.opensrm.common.SrmException;
import org.opensrm.core.space.SpaceStore;

/**
 * Storage for one test: empty at first, kept across {@link #open} calls, dropped by {@link #close}. Two stores may
 * be open over it at once (two frontends).
 */
public interface SpaceStoreFixture extends AutoCloseable {
    /** Opens a store over this fixture's storage; again after the last one was closed, it reads the same. */
    SpaceStore open(Clock clock) throws SrmException;

    @Override
    void close() throws Exception;
}
