package org.opensrm.core.service;

import org.opensrm.common.SrmException;

/**
 * SPI: how a kind of door whose doors verify what a TURL may do (XRootD's, with a token the door checks) adds that
 * authorisation to the URL. {@link Transfers} calls the one configured for the TURL's protocol each time it forms a
 * TURL (a status call forms it again). Called on the request path: no network I/O; thread-safe.
 */
public interface TurlAuthorization {

    /** For doors that check nothing of a TURL (GridFTP, which checks the client's own certificate): the URL as is. */
    TurlAuthorization NONE = (protocol, turl, doorPath, grant) -> turl;

    /**
     * @param protocol the door kind ({@code gsiftp}, {@code https}, {@code root}, {@code file})
     * @param turl     the URL without authorisation: {@code scheme://host:port} + the door path
     * @param doorPath the file's path as the door sees it (the path prefix included)
     * @param grant    who may do what until when
     * @return the URL the client is given
     * @throws SrmException when the grant cannot be expressed (the file then fails with its status)
     */
    String authorize(String protocol, String turl, String doorPath, TurlGrant grant) throws SrmException;
}
