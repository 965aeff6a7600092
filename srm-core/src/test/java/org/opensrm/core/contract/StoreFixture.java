package org.opensrm.core.contract;

import java.time.Clock;
import org.opensrm.common.SrmException;
import org.opensrm.core.RequestStore;

/** Storage for one test: empty at first, kept across {@link #open} calls, deleted by {@link #close}. */
public interface StoreFixture extends AutoCloseable {
    /** Opens a store over this fixture's storage; again after the last one was closed, it reads the same. */
    RequestStore open(Clock clock) throws SrmException;

    @Override
    void close() throws Exception;
}
