package org.opensrm.core.service;

import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;

/**
 * What is told of files srmRm removed and srmMv renamed, after the namespace changed (full mode's space
 * reservations follow their files). A failure here is logged by {@link NamespaceService}, not answered: the
 * namespace changed already.
 */
public interface NamespaceChanges {
    /** Nobody listens (gateway mode). */
    NamespaceChanges NONE = new NamespaceChanges() {
        @Override
        public void removed(SrmPath path) {
        }

        @Override
        public void renamed(SrmPath from, SrmPath to) {
        }
    };

    void removed(SrmPath path) throws SrmException;

    void renamed(SrmPath from, SrmPath to) throws SrmException;
}
