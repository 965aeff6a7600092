package org.opensrm.core.full;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.GridFtpPaths;

/** No healthy GridFTP door could be chosen now: the file waits in the queue, it does not fail. */
final class NoDoorException extends Exception {
    private static final long serialVersionUID = 1L;

    NoDoorException(String message) {
        super(message, null, false, false);
    }

    /** A door from {@code gridftp}, or this exception when every door is down or busy. */
    static String choose(GridFtpPaths gridftp) throws NoDoorException {
        try {
            return gridftp.chooseNode();
        } catch (SrmException e) {
            throw new NoDoorException(e.getMessage());
        }
    }
}
