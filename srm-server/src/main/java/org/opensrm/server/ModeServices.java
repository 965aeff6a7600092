package org.opensrm.server;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.CopyService;
import org.opensrm.core.service.GetService;
import org.opensrm.core.service.ListService;
import org.opensrm.core.service.NamespaceChanges;
import org.opensrm.core.service.PutService;
import org.opensrm.core.service.RequestControl;
import org.opensrm.core.space.SpaceManagement;

/**
 * The services of the running mode, handed to the one set of SOAP operations, and what starts and stops with
 * them (nothing in gateway mode; full mode's engine, reaper and space store).
 */
record ModeServices(ListService listings, PutService puts, GetService gets, RequestControl control,
                    CopyService copies, SpaceManagement spaces, NamespaceChanges namespaceChanges,
                    Lifecycle lifecycle) {

    /** What a mode starts after the staging area and the upload journal are ready, and stops before the store. */
    interface Lifecycle extends AutoCloseable {
        Lifecycle NONE = new Lifecycle() {
            @Override
            public void start() {
            }

            @Override
            public void close() {
            }
        };

        void start() throws SrmException;

        @Override
        void close();
    }
}
