package org.opensrm.core.full;

import java.util.EnumSet;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FileState;
import org.opensrm.core.Request;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestStore;
import org.opensrm.core.service.SurlParser;
import org.opensrm.core.space.PinnedFiles;

/**
 * Whether a file is pinned, from the request store: a file of a get or bring-online request that is
 * {@code SRM_FILE_PINNED} now. One pass over the store per question (asked only by srmReleaseSpace without
 * forceFileRelease, once per file of the space), which is rare enough not to need an index.
 */
public final class StoredPins implements PinnedFiles {
    private final RequestStore store;
    private final SurlParser surls;

    public StoredPins(RequestStore store, SurlParser surls) {
        this.store = store;
        this.surls = surls;
    }

    @Override
    public boolean isPinned(SrmPath path) throws SrmException {
        boolean[] pinned = new boolean[1];
        store.forEach(EnumSet.allOf(RequestState.class), r -> pinned[0] |= pins(r, path));
        return pinned[0];
    }

    private boolean pins(Request r, SrmPath path) {
        for (FileRequest f : r.files()) {
            if (f.state() == FileState.FILE_PINNED) {
                try {
                    if (surls.pathOf(f.surl()).equals(path)) {
                        return true;
                    }
                } catch (SrmException unparsable) {
                    // a SURL refused when the request was made pins nothing
                }
            }
        }
        return false;
    }
}
