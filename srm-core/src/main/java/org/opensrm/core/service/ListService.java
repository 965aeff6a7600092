package org.opensrm.core.service;

import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/**
 * srmLs and srmStatusOfLsRequest. Gateway mode lists at once ({@link Lister}); full mode answers large or
 * recursive listings asynchronously: {@link #ls} then answers {@code SRM_REQUEST_QUEUED} with a request token
 * ({@link LsResult#token()}), and the client polls {@link #statusOfLs}.
 */
public interface ListService {

    LsResult ls(Caller caller, List<String> surls, LsOptions options) throws SrmException;

    /**
     * Where an asynchronous listing stands; once done, its entries from {@code offset}, at most {@code count}
     * (0: as many as allowed).
     */
    default LsResult statusOfLs(Caller caller, String token, int offset, int count) throws SrmException {
        throw new SrmException(SrmStatus.SRM_NOT_SUPPORTED,
                "srmStatusOfLsRequest needs full mode (srm.mode=full): gateway mode answers every srmLs at once");
    }
}
