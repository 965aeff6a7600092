package org.opensrm.core.service;

import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.core.RequestKind;

/**
 * srmPrepareToGet, srmBringOnline and their status calls, as the request engine answers them in both modes: in
 * full mode the request is queued (or served at once) and its status answered from the request store; in gateway
 * mode it is served at once and its status answered from the signed token.
 */
public interface GetService {

    /**
     * Makes a get ({@link RequestKind#GET}) or bring-online ({@link RequestKind#BRING_ONLINE}) request.
     *
     * @throws SrmException for a request refused as a whole
     */
    TransferResult prepare(Caller caller, RequestKind kind, GetRequest request) throws SrmException;

    /**
     * Where the caller's request stands, for every file or for {@code subset} (SURLs as the client sends them).
     *
     * @throws SrmException {@code SRM_INVALID_REQUEST} for an unknown or malformed token or one of another kind,
     *                      {@code SRM_AUTHORIZATION_FAILURE} for another user's
     */
    TransferResult status(Caller caller, RequestKind kind, String token, List<String> subset) throws SrmException;
}
