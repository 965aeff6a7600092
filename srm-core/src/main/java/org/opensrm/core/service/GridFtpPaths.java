package org.opensrm.core.service;

import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.GridFtpSelector;

/** Forms TURLs: a GridFTP door from the selector and the namespace path under {@code gridftp.path.prefix}. */
public final class GridFtpPaths {
    private final GridFtpSelector selector;
    private final String prefix;

    public GridFtpPaths(GridFtpSelector selector, String prefix) {
        this.selector = selector;
        this.prefix = prefix.equals("/") ? "" : prefix;
    }

    /** Chooses a door; its "host:port" goes into the token so that status calls repeat the same TURL. */
    public String chooseNode() throws SrmException {
        GridFtpNode n = selector.select();
        return n.host() + ":" + n.port();
    }

    public String turl(String node, SrmPath path) throws SrmException {
        int colon = node.lastIndexOf(':');
        if (colon <= 0) {
            throw new SrmException(SrmStatus.SRM_FAILURE, "no transfer URL was assigned to this file");
        }
        GridFtpNode n = new GridFtpNode(node.substring(0, colon), Integer.parseInt(node.substring(colon + 1)));
        return n.turl(prefix + path);
    }
}
