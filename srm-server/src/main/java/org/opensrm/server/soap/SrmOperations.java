package org.opensrm.server.soap;

import org.opensrm.server.soap.gen.*;

/**
 * All 39 SRM v2.2 operations, one method each, named after the operation ({@code ls()} is srmLs). Each answers
 * {@code SRM_NOT_SUPPORTED} by default, saying which mode offers it where one does; the composition root's
 * implementation overrides those the running mode's services answer. {@link SrmSoapEndpoint} asks for the
 * operation on every call, so an implementation returns objects it built once.
 */
public interface SrmOperations {

    default SrmOperation<SrmReserveSpaceRequest, SrmReserveSpaceResponse> reserveSpace() {
        return NotSupported.notOffered(ResponseTypes.RESERVE_SPACE);
    }

    default SrmOperation<SrmStatusOfReserveSpaceRequestRequest, SrmStatusOfReserveSpaceRequestResponse> statusOfReserveSpaceRequest() {
        return NotSupported.notOffered(ResponseTypes.STATUS_OF_RESERVE_SPACE_REQUEST);
    }

    default SrmOperation<SrmReleaseSpaceRequest, SrmReleaseSpaceResponse> releaseSpace() {
        return NotSupported.notOffered(ResponseTypes.RELEASE_SPACE);
    }

    default SrmOperation<SrmUpdateSpaceRequest, SrmUpdateSpaceResponse> updateSpace() {
        return NotSupported.notOffered(ResponseTypes.UPDATE_SPACE);
    }

    default SrmOperation<SrmStatusOfUpdateSpaceRequestRequest, SrmStatusOfUpdateSpaceRequestResponse> statusOfUpdateSpaceRequest() {
        return NotSupported.notOffered(ResponseTypes.STATUS_OF_UPDATE_SPACE_REQUEST);
    }

    default SrmOperation<SrmGetSpaceMetaDataRequest, SrmGetSpaceMetaDataResponse> getSpaceMetaData() {
        return NotSupported.notOffered(ResponseTypes.GET_SPACE_META_DATA);
    }

    default SrmOperation<SrmChangeSpaceForFilesRequest, SrmChangeSpaceForFilesResponse> changeSpaceForFiles() {
        return NotSupported.notOffered(ResponseTypes.CHANGE_SPACE_FOR_FILES);
    }

    default SrmOperation<SrmStatusOfChangeSpaceForFilesRequestRequest, SrmStatusOfChangeSpaceForFilesRequestResponse> statusOfChangeSpaceForFilesRequest() {
        return NotSupported.notOffered(ResponseTypes.STATUS_OF_CHANGE_SPACE_FOR_FILES_REQUEST);
    }

    default SrmOperation<SrmExtendFileLifeTimeInSpaceRequest, SrmExtendFileLifeTimeInSpaceResponse> extendFileLifeTimeInSpace() {
        return NotSupported.notOffered(ResponseTypes.EXTEND_FILE_LIFE_TIME_IN_SPACE);
    }

    default SrmOperation<SrmPurgeFromSpaceRequest, SrmPurgeFromSpaceResponse> purgeFromSpace() {
        return NotSupported.notOffered(ResponseTypes.PURGE_FROM_SPACE);
    }

    default SrmOperation<SrmGetSpaceTokensRequest, SrmGetSpaceTokensResponse> getSpaceTokens() {
        return NotSupported.notOffered(ResponseTypes.GET_SPACE_TOKENS);
    }

    default SrmOperation<SrmSetPermissionRequest, SrmSetPermissionResponse> setPermission() {
        return NotSupported.notOffered(ResponseTypes.SET_PERMISSION);
    }

    default SrmOperation<SrmCheckPermissionRequest, SrmCheckPermissionResponse> checkPermission() {
        return NotSupported.notOffered(ResponseTypes.CHECK_PERMISSION);
    }

    default SrmOperation<SrmGetPermissionRequest, SrmGetPermissionResponse> getPermission() {
        return NotSupported.notOffered(ResponseTypes.GET_PERMISSION);
    }

    default SrmOperation<SrmMkdirRequest, SrmMkdirResponse> mkdir() {
        return NotSupported.notOffered(ResponseTypes.MKDIR);
    }

    default SrmOperation<SrmRmdirRequest, SrmRmdirResponse> rmdir() {
        return NotSupported.notOffered(ResponseTypes.RMDIR);
    }

    default SrmOperation<SrmRmRequest, SrmRmResponse> rm() {
        return NotSupported.notOffered(ResponseTypes.RM);
    }

    default SrmOperation<SrmLsRequest, SrmLsResponse> ls() {
        return NotSupported.notOffered(ResponseTypes.LS);
    }

    default SrmOperation<SrmStatusOfLsRequestRequest, SrmStatusOfLsRequestResponse> statusOfLsRequest() {
        return NotSupported.fullModeOnly(ResponseTypes.STATUS_OF_LS_REQUEST);
    }

    default SrmOperation<SrmMvRequest, SrmMvResponse> mv() {
        return NotSupported.notOffered(ResponseTypes.MV);
    }

    default SrmOperation<SrmPrepareToGetRequest, SrmPrepareToGetResponse> prepareToGet() {
        return NotSupported.notOffered(ResponseTypes.PREPARE_TO_GET);
    }

    default SrmOperation<SrmStatusOfGetRequestRequest, SrmStatusOfGetRequestResponse> statusOfGetRequest() {
        return NotSupported.notOffered(ResponseTypes.STATUS_OF_GET_REQUEST);
    }

    default SrmOperation<SrmBringOnlineRequest, SrmBringOnlineResponse> bringOnline() {
        return NotSupported.notOffered(ResponseTypes.BRING_ONLINE);
    }

    default SrmOperation<SrmStatusOfBringOnlineRequestRequest, SrmStatusOfBringOnlineRequestResponse> statusOfBringOnlineRequest() {
        return NotSupported.notOffered(ResponseTypes.STATUS_OF_BRING_ONLINE_REQUEST);
    }

    default SrmOperation<SrmPrepareToPutRequest, SrmPrepareToPutResponse> prepareToPut() {
        return NotSupported.notOffered(ResponseTypes.PREPARE_TO_PUT);
    }

    default SrmOperation<SrmStatusOfPutRequestRequest, SrmStatusOfPutRequestResponse> statusOfPutRequest() {
        return NotSupported.notOffered(ResponseTypes.STATUS_OF_PUT_REQUEST);
    }

    default SrmOperation<SrmCopyRequest, SrmCopyResponse> copy() {
        return NotSupported.notOffered(ResponseTypes.COPY);
    }

    default SrmOperation<SrmStatusOfCopyRequestRequest, SrmStatusOfCopyRequestResponse> statusOfCopyRequest() {
        return NotSupported.notOffered(ResponseTypes.STATUS_OF_COPY_REQUEST);
    }

    default SrmOperation<SrmReleaseFilesRequest, SrmReleaseFilesResponse> releaseFiles() {
        return NotSupported.notOffered(ResponseTypes.RELEASE_FILES);
    }

    default SrmOperation<SrmPutDoneRequest, SrmPutDoneResponse> putDone() {
        return NotSupported.notOffered(ResponseTypes.PUT_DONE);
    }

    default SrmOperation<SrmAbortRequestRequest, SrmAbortRequestResponse> abortRequest() {
        return NotSupported.notOffered(ResponseTypes.ABORT_REQUEST);
    }

    default SrmOperation<SrmAbortFilesRequest, SrmAbortFilesResponse> abortFiles() {
        return NotSupported.notOffered(ResponseTypes.ABORT_FILES);
    }

    default SrmOperation<SrmSuspendRequestRequest, SrmSuspendRequestResponse> suspendRequest() {
        return NotSupported.fullModeOnly(ResponseTypes.SUSPEND_REQUEST);
    }

    default SrmOperation<SrmResumeRequestRequest, SrmResumeRequestResponse> resumeRequest() {
        return NotSupported.fullModeOnly(ResponseTypes.RESUME_REQUEST);
    }

    default SrmOperation<SrmGetRequestSummaryRequest, SrmGetRequestSummaryResponse> getRequestSummary() {
        return NotSupported.fullModeOnly(ResponseTypes.GET_REQUEST_SUMMARY);
    }

    default SrmOperation<SrmExtendFileLifeTimeRequest, SrmExtendFileLifeTimeResponse> extendFileLifeTime() {
        return NotSupported.notOffered(ResponseTypes.EXTEND_FILE_LIFE_TIME);
    }

    default SrmOperation<SrmGetRequestTokensRequest, SrmGetRequestTokensResponse> getRequestTokens() {
        return NotSupported.fullModeOnly(ResponseTypes.GET_REQUEST_TOKENS);
    }

    default SrmOperation<SrmGetTransferProtocolsRequest, SrmGetTransferProtocolsResponse> getTransferProtocols() {
        return NotSupported.notOffered(ResponseTypes.GET_TRANSFER_PROTOCOLS);
    }

    default SrmOperation<SrmPingRequest, SrmPingResponse> ping() {
        return NotSupported.notOffered(ResponseTypes.PING);
    }
}
