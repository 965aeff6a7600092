package org.opensrm.core.service;

import java.util.List;
import java.util.Locale;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/** The transfer protocols this server hands out TURLs for: GridFTP only. */
public final class TransferProtocols {
    public static final String GSIFTP = "gsiftp";
    public static final List<String> OFFERED = List.of(GSIFTP);

    private TransferProtocols() {
    }

    /**
     * @param requested the client's list, in preference order; empty when it named none
     * @throws SrmException {@code SRM_NOT_SUPPORTED} when the client named protocols but none offered here
     */
    public static void requireOffered(List<String> requested) throws SrmException {
        if (requested.isEmpty()) {
            return;
        }
        for (String p : requested) {
            if (p != null && OFFERED.contains(p.trim().toLowerCase(Locale.ROOT))) {
                return;
            }
        }
        throw new SrmException(SrmStatus.SRM_NOT_SUPPORTED,
                "none of the requested transfer protocols " + requested + " is offered; this server offers " + OFFERED);
    }
}
