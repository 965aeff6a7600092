package org.opensrm.core.full;

import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.core.service.GridFtpPaths;

/**
 * The engine's one way to choose a door for a file and its one way to form a TURL, whatever the request and the
 * mode: every worker and the reader of old gateway tokens go through here, so that how doors are chosen and TURLs
 * formed changes in one place.
 */
final class Doors {
    private final GridFtpPaths gridftp;

    Doors(GridFtpPaths gridftp) {
        this.gridftp = gridftp;
    }

    /**
     * A door for one file.
     *
     * @throws NoDoorException when every door is down or busy (the file waits, or, where nothing can wait, fails)
     */
    String choose() throws NoDoorException {
        try {
            return gridftp.chooseNode();
        } catch (SrmException e) {
            throw new NoDoorException(e.getMessage());
        }
    }

    /** The TURL of {@code path} (a file, or a put's upload) through {@code door}. */
    String turl(String door, SrmPath path) throws SrmException {
        return gridftp.turl(door, path);
    }
}
