package org.opensrm.server.soap;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.opensrm.server.soap.gen.*;

/**
 * The table of the 39 SRM v2.2 response types, one {@link ResponseType} each: what {@link SoapCalls} reads the
 * answer's status from (access log, metrics) and what every failure, refusal and not-supported answer is made
 * of. {@code ResponseTypesTest} holds it to the generated {@code ISRM} interface.
 */
public final class ResponseTypes {
    public static final ResponseType<SrmReserveSpaceResponse> RESERVE_SPACE = new ResponseType<>(
            SrmReserveSpaceResponse.class, SrmReserveSpaceResponse::new,
            SrmReserveSpaceResponse::setReturnStatus, SrmReserveSpaceResponse::getReturnStatus);
    public static final ResponseType<SrmStatusOfReserveSpaceRequestResponse> STATUS_OF_RESERVE_SPACE_REQUEST = new ResponseType<>(
            SrmStatusOfReserveSpaceRequestResponse.class, SrmStatusOfReserveSpaceRequestResponse::new,
            SrmStatusOfReserveSpaceRequestResponse::setReturnStatus, SrmStatusOfReserveSpaceRequestResponse::getReturnStatus);
    public static final ResponseType<SrmReleaseSpaceResponse> RELEASE_SPACE = new ResponseType<>(
            SrmReleaseSpaceResponse.class, SrmReleaseSpaceResponse::new,
            SrmReleaseSpaceResponse::setReturnStatus, SrmReleaseSpaceResponse::getReturnStatus);
    public static final ResponseType<SrmUpdateSpaceResponse> UPDATE_SPACE = new ResponseType<>(
            SrmUpdateSpaceResponse.class, SrmUpdateSpaceResponse::new,
            SrmUpdateSpaceResponse::setReturnStatus, SrmUpdateSpaceResponse::getReturnStatus);
    public static final ResponseType<SrmStatusOfUpdateSpaceRequestResponse> STATUS_OF_UPDATE_SPACE_REQUEST = new ResponseType<>(
            SrmStatusOfUpdateSpaceRequestResponse.class, SrmStatusOfUpdateSpaceRequestResponse::new,
            SrmStatusOfUpdateSpaceRequestResponse::setReturnStatus, SrmStatusOfUpdateSpaceRequestResponse::getReturnStatus);
    public static final ResponseType<SrmGetSpaceMetaDataResponse> GET_SPACE_META_DATA = new ResponseType<>(
            SrmGetSpaceMetaDataResponse.class, SrmGetSpaceMetaDataResponse::new,
            SrmGetSpaceMetaDataResponse::setReturnStatus, SrmGetSpaceMetaDataResponse::getReturnStatus);
    public static final ResponseType<SrmChangeSpaceForFilesResponse> CHANGE_SPACE_FOR_FILES = new ResponseType<>(
            SrmChangeSpaceForFilesResponse.class, SrmChangeSpaceForFilesResponse::new,
            SrmChangeSpaceForFilesResponse::setReturnStatus, SrmChangeSpaceForFilesResponse::getReturnStatus);
    public static final ResponseType<SrmStatusOfChangeSpaceForFilesRequestResponse> STATUS_OF_CHANGE_SPACE_FOR_FILES_REQUEST = new ResponseType<>(
            SrmStatusOfChangeSpaceForFilesRequestResponse.class, SrmStatusOfChangeSpaceForFilesRequestResponse::new,
            SrmStatusOfChangeSpaceForFilesRequestResponse::setReturnStatus, SrmStatusOfChangeSpaceForFilesRequestResponse::getReturnStatus);
    public static final ResponseType<SrmExtendFileLifeTimeInSpaceResponse> EXTEND_FILE_LIFE_TIME_IN_SPACE = new ResponseType<>(
            SrmExtendFileLifeTimeInSpaceResponse.class, SrmExtendFileLifeTimeInSpaceResponse::new,
            SrmExtendFileLifeTimeInSpaceResponse::setReturnStatus, SrmExtendFileLifeTimeInSpaceResponse::getReturnStatus);
    public static final ResponseType<SrmPurgeFromSpaceResponse> PURGE_FROM_SPACE = new ResponseType<>(
            SrmPurgeFromSpaceResponse.class, SrmPurgeFromSpaceResponse::new,
            SrmPurgeFromSpaceResponse::setReturnStatus, SrmPurgeFromSpaceResponse::getReturnStatus);
    public static final ResponseType<SrmGetSpaceTokensResponse> GET_SPACE_TOKENS = new ResponseType<>(
            SrmGetSpaceTokensResponse.class, SrmGetSpaceTokensResponse::new,
            SrmGetSpaceTokensResponse::setReturnStatus, SrmGetSpaceTokensResponse::getReturnStatus);
    public static final ResponseType<SrmSetPermissionResponse> SET_PERMISSION = new ResponseType<>(
            SrmSetPermissionResponse.class, SrmSetPermissionResponse::new,
            SrmSetPermissionResponse::setReturnStatus, SrmSetPermissionResponse::getReturnStatus);
    public static final ResponseType<SrmCheckPermissionResponse> CHECK_PERMISSION = new ResponseType<>(
            SrmCheckPermissionResponse.class, SrmCheckPermissionResponse::new,
            SrmCheckPermissionResponse::setReturnStatus, SrmCheckPermissionResponse::getReturnStatus);
    public static final ResponseType<SrmGetPermissionResponse> GET_PERMISSION = new ResponseType<>(
            SrmGetPermissionResponse.class, SrmGetPermissionResponse::new,
            SrmGetPermissionResponse::setReturnStatus, SrmGetPermissionResponse::getReturnStatus);
    public static final ResponseType<SrmMkdirResponse> MKDIR = new ResponseType<>(
            SrmMkdirResponse.class, SrmMkdirResponse::new,
            SrmMkdirResponse::setReturnStatus, SrmMkdirResponse::getReturnStatus);
    public static final ResponseType<SrmRmdirResponse> RMDIR = new ResponseType<>(
            SrmRmdirResponse.class, SrmRmdirResponse::new,
            SrmRmdirResponse::setReturnStatus, SrmRmdirResponse::getReturnStatus);
    public static final ResponseType<SrmRmResponse> RM = new ResponseType<>(
            SrmRmResponse.class, SrmRmResponse::new,
            SrmRmResponse::setReturnStatus, SrmRmResponse::getReturnStatus);
    public static final ResponseType<SrmLsResponse> LS = new ResponseType<>(
            SrmLsResponse.class, SrmLsResponse::new,
            SrmLsResponse::setReturnStatus, SrmLsResponse::getReturnStatus);
    public static final ResponseType<SrmStatusOfLsRequestResponse> STATUS_OF_LS_REQUEST = new ResponseType<>(
            SrmStatusOfLsRequestResponse.class, SrmStatusOfLsRequestResponse::new,
            SrmStatusOfLsRequestResponse::setReturnStatus, SrmStatusOfLsRequestResponse::getReturnStatus);
    public static final ResponseType<SrmMvResponse> MV = new ResponseType<>(
            SrmMvResponse.class, SrmMvResponse::new,
            SrmMvResponse::setReturnStatus, SrmMvResponse::getReturnStatus);
    public static final ResponseType<SrmPrepareToGetResponse> PREPARE_TO_GET = new ResponseType<>(
            SrmPrepareToGetResponse.class, SrmPrepareToGetResponse::new,
            SrmPrepareToGetResponse::setReturnStatus, SrmPrepareToGetResponse::getReturnStatus);
    public static final ResponseType<SrmStatusOfGetRequestResponse> STATUS_OF_GET_REQUEST = new ResponseType<>(
            SrmStatusOfGetRequestResponse.class, SrmStatusOfGetRequestResponse::new,
            SrmStatusOfGetRequestResponse::setReturnStatus, SrmStatusOfGetRequestResponse::getReturnStatus);
    public static final ResponseType<SrmBringOnlineResponse> BRING_ONLINE = new ResponseType<>(
            SrmBringOnlineResponse.class, SrmBringOnlineResponse::new,
            SrmBringOnlineResponse::setReturnStatus, SrmBringOnlineResponse::getReturnStatus);
    public static final ResponseType<SrmStatusOfBringOnlineRequestResponse> STATUS_OF_BRING_ONLINE_REQUEST = new ResponseType<>(
            SrmStatusOfBringOnlineRequestResponse.class, SrmStatusOfBringOnlineRequestResponse::new,
            SrmStatusOfBringOnlineRequestResponse::setReturnStatus, SrmStatusOfBringOnlineRequestResponse::getReturnStatus);
    public static final ResponseType<SrmPrepareToPutResponse> PREPARE_TO_PUT = new ResponseType<>(
            SrmPrepareToPutResponse.class, SrmPrepareToPutResponse::new,
            SrmPrepareToPutResponse::setReturnStatus, SrmPrepareToPutResponse::getReturnStatus);
    public static final ResponseType<SrmStatusOfPutRequestResponse> STATUS_OF_PUT_REQUEST = new ResponseType<>(
            SrmStatusOfPutRequestResponse.class, SrmStatusOfPutRequestResponse::new,
            SrmStatusOfPutRequestResponse::setReturnStatus, SrmStatusOfPutRequestResponse::getReturnStatus);
    public static final ResponseType<SrmCopyResponse> COPY = new ResponseType<>(
            SrmCopyResponse.class, SrmCopyResponse::new,
            SrmCopyResponse::setReturnStatus, SrmCopyResponse::getReturnStatus);
    public static final ResponseType<SrmStatusOfCopyRequestResponse> STATUS_OF_COPY_REQUEST = new ResponseType<>(
            SrmStatusOfCopyRequestResponse.class, SrmStatusOfCopyRequestResponse::new,
            SrmStatusOfCopyRequestResponse::setReturnStatus, SrmStatusOfCopyRequestResponse::getReturnStatus);
    public static final ResponseType<SrmReleaseFilesResponse> RELEASE_FILES = new ResponseType<>(
            SrmReleaseFilesResponse.class, SrmReleaseFilesResponse::new,
            SrmReleaseFilesResponse::setReturnStatus, SrmReleaseFilesResponse::getReturnStatus);
    public static final ResponseType<SrmPutDoneResponse> PUT_DONE = new ResponseType<>(
            SrmPutDoneResponse.class, SrmPutDoneResponse::new,
            SrmPutDoneResponse::setReturnStatus, SrmPutDoneResponse::getReturnStatus);
    public static final ResponseType<SrmAbortRequestResponse> ABORT_REQUEST = new ResponseType<>(
            SrmAbortRequestResponse.class, SrmAbortRequestResponse::new,
            SrmAbortRequestResponse::setReturnStatus, SrmAbortRequestResponse::getReturnStatus);
    public static final ResponseType<SrmAbortFilesResponse> ABORT_FILES = new ResponseType<>(
            SrmAbortFilesResponse.class, SrmAbortFilesResponse::new,
            SrmAbortFilesResponse::setReturnStatus, SrmAbortFilesResponse::getReturnStatus);
    public static final ResponseType<SrmSuspendRequestResponse> SUSPEND_REQUEST = new ResponseType<>(
            SrmSuspendRequestResponse.class, SrmSuspendRequestResponse::new,
            SrmSuspendRequestResponse::setReturnStatus, SrmSuspendRequestResponse::getReturnStatus);
    public static final ResponseType<SrmResumeRequestResponse> RESUME_REQUEST = new ResponseType<>(
            SrmResumeRequestResponse.class, SrmResumeRequestResponse::new,
            SrmResumeRequestResponse::setReturnStatus, SrmResumeRequestResponse::getReturnStatus);
    public static final ResponseType<SrmGetRequestSummaryResponse> GET_REQUEST_SUMMARY = new ResponseType<>(
            SrmGetRequestSummaryResponse.class, SrmGetRequestSummaryResponse::new,
            SrmGetRequestSummaryResponse::setReturnStatus, SrmGetRequestSummaryResponse::getReturnStatus);
    public static final ResponseType<SrmExtendFileLifeTimeResponse> EXTEND_FILE_LIFE_TIME = new ResponseType<>(
            SrmExtendFileLifeTimeResponse.class, SrmExtendFileLifeTimeResponse::new,
            SrmExtendFileLifeTimeResponse::setReturnStatus, SrmExtendFileLifeTimeResponse::getReturnStatus);
    public static final ResponseType<SrmGetRequestTokensResponse> GET_REQUEST_TOKENS = new ResponseType<>(
            SrmGetRequestTokensResponse.class, SrmGetRequestTokensResponse::new,
            SrmGetRequestTokensResponse::setReturnStatus, SrmGetRequestTokensResponse::getReturnStatus);
    public static final ResponseType<SrmGetTransferProtocolsResponse> GET_TRANSFER_PROTOCOLS = new ResponseType<>(
            SrmGetTransferProtocolsResponse.class, SrmGetTransferProtocolsResponse::new,
            SrmGetTransferProtocolsResponse::setReturnStatus, SrmGetTransferProtocolsResponse::getReturnStatus);
    public static final ResponseType<SrmPingResponse> PING = new ResponseType<>(
            SrmPingResponse.class, ResponseTypes::ping,
            ResponseTypes::pingFailure, null);

    /** All 39, in the WSDL's order. */
    public static final List<ResponseType<?>> ALL = List.of(
            RESERVE_SPACE, STATUS_OF_RESERVE_SPACE_REQUEST, RELEASE_SPACE, UPDATE_SPACE,
            STATUS_OF_UPDATE_SPACE_REQUEST, GET_SPACE_META_DATA, CHANGE_SPACE_FOR_FILES,
            STATUS_OF_CHANGE_SPACE_FOR_FILES_REQUEST, EXTEND_FILE_LIFE_TIME_IN_SPACE, PURGE_FROM_SPACE,
            GET_SPACE_TOKENS, SET_PERMISSION, CHECK_PERMISSION, GET_PERMISSION, MKDIR, RMDIR, RM, LS,
            STATUS_OF_LS_REQUEST, MV, PREPARE_TO_GET, STATUS_OF_GET_REQUEST, BRING_ONLINE,
            STATUS_OF_BRING_ONLINE_REQUEST, PREPARE_TO_PUT, STATUS_OF_PUT_REQUEST, COPY, STATUS_OF_COPY_REQUEST,
            RELEASE_FILES, PUT_DONE, ABORT_REQUEST, ABORT_FILES, SUSPEND_REQUEST, RESUME_REQUEST,
            GET_REQUEST_SUMMARY, EXTEND_FILE_LIFE_TIME, GET_REQUEST_TOKENS, GET_TRANSFER_PROTOCOLS, PING);

    private static final Map<Class<?>, ResponseType<?>> BY_TYPE = ALL.stream()
            .collect(Collectors.toUnmodifiableMap(ResponseType::type, Function.identity()));

    private ResponseTypes() {
    }

    /** The entry for a generated response class, if it is one of the 39. */
    public static Optional<ResponseType<?>> of(Class<?> responseClass) {
        return Optional.ofNullable(BY_TYPE.get(responseClass));
    }

    private static SrmPingResponse ping() {
        SrmPingResponse r = new SrmPingResponse();
        r.setVersionInfo("v2.2");
        return r;
    }

    /** srmPing's answer has no returnStatus: a failure is told in its otherInfo, under the key {@code error}. */
    private static void pingFailure(SrmPingResponse r, TReturnStatus status) {
        TExtraInfo error = new TExtraInfo();
        error.setKey("error");
        error.setValue(status.getStatusCode() + ": " + status.getExplanation());
        ArrayOfTExtraInfo info = new ArrayOfTExtraInfo();
        info.getExtraInfoArray().add(error);
        r.setOtherInfo(info);
    }
}
