package org.opensrm.core.service;

import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;

/**
 * srmPrepareToPut, srmStatusOfPutRequest and srmPutDone, as both modes offer them. Uploads go to the
 * {@link StagingArea} and land on their target only at srmPutDone, in both modes.
 */
public interface PutService {

    TransferResult prepare(Caller caller, PutRequest request) throws SrmException;

    TransferResult status(Caller caller, String token, List<String> subset) throws SrmException;

    List<FileOutcome> putDone(Caller caller, String token, List<String> subset) throws SrmException;

    /**
     * Aborts the caller's open put to {@code target}, if there is one: what srmRm of a target being uploaded does.
     *
     * @return whether there was such a put
     */
    boolean abortOpenPut(Caller caller, SrmPath target) throws SrmException;

    /**
     * Ends the open put whose upload has stalled, whoever made it, because srmRmdir removed its target's directory:
     * its partial data is removed at once (a tombstone stays until the put expires) and the put's file answers
     * {@code SRM_ABORTED}, saying {@code why}.
     */
    default void endStalled(UploadsInProgress.Stalled stalled, String why) throws SrmException {
    }
}
