package org.opensrm.core.space;

import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;

/**
 * Whether a file is pinned by a request (srmPrepareToGet, srmBringOnline): the request engine knows, the space
 * service asks before it releases a space without {@code forceFileRelease}.
 */
@FunctionalInterface
public interface PinnedFiles {
    /** No file is ever pinned (gateway mode; tests). */
    PinnedFiles NONE = path -> false;

    boolean isPinned(SrmPath path) throws SrmException;
}
