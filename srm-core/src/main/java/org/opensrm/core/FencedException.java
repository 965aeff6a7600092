package org.opensrm.core;

import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/**
 * A change of the engine refused because the request is no longer held under this frontend's lease: another frontend
 * took its work over ({@link RequestStore#updateHeld}). The engine drops the file; no client sees this.
 */
public final class FencedException extends SrmException {
    private static final long serialVersionUID = 1L;

    public FencedException(RequestToken token, FrontendLease mine, String holder) {
        super(SrmStatus.SRM_INTERNAL_ERROR, "request " + token.shortId() + " is held by " + holder
                + ", no longer by this frontend (" + mine + ")");
    }
}
