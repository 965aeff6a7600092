package org.opensrm.server;

import org.opensrm.core.service.Transfers;
import org.opensrm.core.service.CopyService;
import org.opensrm.core.service.Transfers;
import org.opensrm.core.service.GetService;
import org.opensrm.core.service.Transfers;
import org.opensrm.core.service.ListService;
import org.opensrm.core.service.Transfers;
import org.opensrm.core.service.NamespaceService;
import org.opensrm.core.service.Transfers;
import org.opensrm.core.service.PutService;
import org.opensrm.core.service.Transfers;
import org.opensrm.core.service.RequestControl;
import org.opensrm.core.service.Transfers;
import org.opensrm.core.service.SurlParser;
import org.opensrm.core.space.SpaceManagement;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.SrmOperations;
import org.opensrm.server.soap.gen.*;
import org.opensrm.server.soap.ops.*;

/**
 * The operations the core's services answer, each built once over the running mode's services (gateway mode's or
 * full mode's: the composition root passes them). What a mode's service cannot do it answers itself with
 * {@code SRM_NOT_SUPPORTED} (gateway mode: srmSuspendRequest and the other calls that need request state, and
 * srmCopy: {@link CopyService#NOT_SUPPORTED}). Space reservation's operations are answered when the mode's
 * {@link SpaceManagement} offers reservation (full mode); otherwise they keep {@link SrmOperations}' defaults.
 */
final class CoreOperations implements SrmOperations {
    private final LsOp ls;
    private final StatusOfLsRequestOp statusOfLsRequest;
    private final MkdirOp mkdir;
    private final RmdirOp rmdir;
    private final RmOp rm;
    private final MvOp mv;
    private final SetPermissionOp setPermission;
    private final CheckPermissionOp checkPermission;
    private final GetPermissionOp getPermission;
    private final PingOp ping;
    private final GetTransferProtocolsOp getTransferProtocols;
    private final PrepareToPutOp prepareToPut;
    private final StatusOfPutRequestOp statusOfPutRequest;
    private final PutDoneOp putDone;
    private final PrepareToGetOp prepareToGet;
    private final StatusOfGetRequestOp statusOfGetRequest;
    private final BringOnlineOp bringOnline;
    private final StatusOfBringOnlineRequestOp statusOfBringOnlineRequest;
    private final ReleaseFilesOp releaseFiles;
    private final AbortRequestOp abortRequest;
    private final AbortFilesOp abortFiles;
    private final SuspendRequestOp suspendRequest;
    private final ResumeRequestOp resumeRequest;
    private final GetRequestSummaryOp getRequestSummary;
    private final GetRequestTokensOp getRequestTokens;
    private final ExtendFileLifeTimeOp extendFileLifeTime;
    private final GetSpaceTokensOp getSpaceTokens;
    private final GetSpaceMetaDataOp getSpaceMetaData;
    private final boolean reservations;
    private final ReserveSpaceOp reserveSpace;
    private final StatusOfReserveSpaceRequestOp statusOfReserveSpaceRequest;
    private final ReleaseSpaceOp releaseSpace;
    private final UpdateSpaceOp updateSpace;
    private final StatusOfUpdateSpaceRequestOp statusOfUpdateSpaceRequest;
    private final ChangeSpaceForFilesOp changeSpaceForFiles;
    private final StatusOfChangeSpaceForFilesRequestOp statusOfChangeSpaceForFilesRequest;
    private final ExtendFileLifeTimeInSpaceOp extendFileLifeTimeInSpace;
    private final PurgeFromSpaceOp purgeFromSpace;
    private final CopyOp copy;
    private final StatusOfCopyRequestOp statusOfCopyRequest;

    CoreOperations(ListService lister, NamespaceService namespace, PutService puts, GetService gets,
                   RequestControl control, CopyService copies, SpaceManagement spaces, SurlParser surls,
                   String surlPrefix, String backendType, String mode, String version, Transfers transfers) {
        getTransferProtocols = new GetTransferProtocolsOp(transfers);
        ls = new LsOp(lister);
        statusOfLsRequest = new StatusOfLsRequestOp(lister);
        mkdir = new MkdirOp(namespace);
        rmdir = new RmdirOp(namespace);
        rm = new RmOp(namespace);
        mv = new MvOp(namespace);
        setPermission = new SetPermissionOp(namespace);
        checkPermission = new CheckPermissionOp(namespace);
        getPermission = new GetPermissionOp(namespace);
        ping = new PingOp(backendType, mode, version);
        prepareToPut = new PrepareToPutOp(puts);
        statusOfPutRequest = new StatusOfPutRequestOp(puts);
        putDone = new PutDoneOp(puts);
        prepareToGet = new PrepareToGetOp(gets);
        statusOfGetRequest = new StatusOfGetRequestOp(gets);
        bringOnline = new BringOnlineOp(gets);
        statusOfBringOnlineRequest = new StatusOfBringOnlineRequestOp(gets);
        releaseFiles = new ReleaseFilesOp(control);
        abortRequest = new AbortRequestOp(control);
        abortFiles = new AbortFilesOp(control);
        suspendRequest = new SuspendRequestOp(control);
        resumeRequest = new ResumeRequestOp(control);
        getRequestSummary = new GetRequestSummaryOp(control);
        getRequestTokens = new GetRequestTokensOp(control);
        extendFileLifeTime = new ExtendFileLifeTimeOp(control);
        getSpaceTokens = new GetSpaceTokensOp(spaces);
        getSpaceMetaData = new GetSpaceMetaDataOp(spaces);
        reservations = spaces.offersReservation();
        reserveSpace = new ReserveSpaceOp(spaces);
        statusOfReserveSpaceRequest = new StatusOfReserveSpaceRequestOp(spaces);
        releaseSpace = new ReleaseSpaceOp(spaces);
        updateSpace = new UpdateSpaceOp(spaces);
        statusOfUpdateSpaceRequest = new StatusOfUpdateSpaceRequestOp(spaces);
        changeSpaceForFiles = new ChangeSpaceForFilesOp(spaces, surls);
        statusOfChangeSpaceForFilesRequest = new StatusOfChangeSpaceForFilesRequestOp(spaces);
        extendFileLifeTimeInSpace = new ExtendFileLifeTimeInSpaceOp(spaces, surls, surlPrefix);
        purgeFromSpace = new PurgeFromSpaceOp(spaces, surls);
        copy = new CopyOp(copies);
        statusOfCopyRequest = new StatusOfCopyRequestOp(copies);
    }

    @Override public SrmOperation<SrmReserveSpaceRequest, SrmReserveSpaceResponse> reserveSpace() { return reservations ? reserveSpace : SrmOperations.super.reserveSpace(); }
    @Override public SrmOperation<SrmStatusOfReserveSpaceRequestRequest, SrmStatusOfReserveSpaceRequestResponse> statusOfReserveSpaceRequest() { return reservations ? statusOfReserveSpaceRequest : SrmOperations.super.statusOfReserveSpaceRequest(); }
    @Override public SrmOperation<SrmReleaseSpaceRequest, SrmReleaseSpaceResponse> releaseSpace() { return reservations ? releaseSpace : SrmOperations.super.releaseSpace(); }
    @Override public SrmOperation<SrmUpdateSpaceRequest, SrmUpdateSpaceResponse> updateSpace() { return reservations ? updateSpace : SrmOperations.super.updateSpace(); }
    @Override public SrmOperation<SrmStatusOfUpdateSpaceRequestRequest, SrmStatusOfUpdateSpaceRequestResponse> statusOfUpdateSpaceRequest() { return reservations ? statusOfUpdateSpaceRequest : SrmOperations.super.statusOfUpdateSpaceRequest(); }
    @Override public SrmOperation<SrmChangeSpaceForFilesRequest, SrmChangeSpaceForFilesResponse> changeSpaceForFiles() { return reservations ? changeSpaceForFiles : SrmOperations.super.changeSpaceForFiles(); }
    @Override public SrmOperation<SrmStatusOfChangeSpaceForFilesRequestRequest, SrmStatusOfChangeSpaceForFilesRequestResponse> statusOfChangeSpaceForFilesRequest() { return reservations ? statusOfChangeSpaceForFilesRequest : SrmOperations.super.statusOfChangeSpaceForFilesRequest(); }
    @Override public SrmOperation<SrmExtendFileLifeTimeInSpaceRequest, SrmExtendFileLifeTimeInSpaceResponse> extendFileLifeTimeInSpace() { return reservations ? extendFileLifeTimeInSpace : SrmOperations.super.extendFileLifeTimeInSpace(); }
    @Override public SrmOperation<SrmPurgeFromSpaceRequest, SrmPurgeFromSpaceResponse> purgeFromSpace() { return reservations ? purgeFromSpace : SrmOperations.super.purgeFromSpace(); }

    @Override public SrmOperation<SrmGetSpaceMetaDataRequest, SrmGetSpaceMetaDataResponse> getSpaceMetaData() { return getSpaceMetaData; }
    @Override public SrmOperation<SrmGetSpaceTokensRequest, SrmGetSpaceTokensResponse> getSpaceTokens() { return getSpaceTokens; }
    @Override public SrmOperation<SrmSetPermissionRequest, SrmSetPermissionResponse> setPermission() { return setPermission; }
    @Override public SrmOperation<SrmCheckPermissionRequest, SrmCheckPermissionResponse> checkPermission() { return checkPermission; }
    @Override public SrmOperation<SrmGetPermissionRequest, SrmGetPermissionResponse> getPermission() { return getPermission; }
    @Override public SrmOperation<SrmMkdirRequest, SrmMkdirResponse> mkdir() { return mkdir; }
    @Override public SrmOperation<SrmRmdirRequest, SrmRmdirResponse> rmdir() { return rmdir; }
    @Override public SrmOperation<SrmRmRequest, SrmRmResponse> rm() { return rm; }
    @Override public SrmOperation<SrmLsRequest, SrmLsResponse> ls() { return ls; }
    @Override public SrmOperation<SrmStatusOfLsRequestRequest, SrmStatusOfLsRequestResponse> statusOfLsRequest() { return statusOfLsRequest; }
    @Override public SrmOperation<SrmMvRequest, SrmMvResponse> mv() { return mv; }
    @Override public SrmOperation<SrmPrepareToGetRequest, SrmPrepareToGetResponse> prepareToGet() { return prepareToGet; }
    @Override public SrmOperation<SrmStatusOfGetRequestRequest, SrmStatusOfGetRequestResponse> statusOfGetRequest() { return statusOfGetRequest; }
    @Override public SrmOperation<SrmBringOnlineRequest, SrmBringOnlineResponse> bringOnline() { return bringOnline; }
    @Override public SrmOperation<SrmStatusOfBringOnlineRequestRequest, SrmStatusOfBringOnlineRequestResponse> statusOfBringOnlineRequest() { return statusOfBringOnlineRequest; }
    @Override public SrmOperation<SrmPrepareToPutRequest, SrmPrepareToPutResponse> prepareToPut() { return prepareToPut; }
    @Override public SrmOperation<SrmStatusOfPutRequestRequest, SrmStatusOfPutRequestResponse> statusOfPutRequest() { return statusOfPutRequest; }
    @Override public SrmOperation<SrmReleaseFilesRequest, SrmReleaseFilesResponse> releaseFiles() { return releaseFiles; }
    @Override public SrmOperation<SrmPutDoneRequest, SrmPutDoneResponse> putDone() { return putDone; }
    @Override public SrmOperation<SrmAbortRequestRequest, SrmAbortRequestResponse> abortRequest() { return abortRequest; }
    @Override public SrmOperation<SrmAbortFilesRequest, SrmAbortFilesResponse> abortFiles() { return abortFiles; }
    @Override public SrmOperation<SrmSuspendRequestRequest, SrmSuspendRequestResponse> suspendRequest() { return suspendRequest; }
    @Override public SrmOperation<SrmResumeRequestRequest, SrmResumeRequestResponse> resumeRequest() { return resumeRequest; }
    @Override public SrmOperation<SrmGetRequestSummaryRequest, SrmGetRequestSummaryResponse> getRequestSummary() { return getRequestSummary; }
    @Override public SrmOperation<SrmExtendFileLifeTimeRequest, SrmExtendFileLifeTimeResponse> extendFileLifeTime() { return extendFileLifeTime; }
    @Override public SrmOperation<SrmGetRequestTokensRequest, SrmGetRequestTokensResponse> getRequestTokens() { return getRequestTokens; }
    @Override public SrmOperation<SrmGetTransferProtocolsRequest, SrmGetTransferProtocolsResponse> getTransferProtocols() { return getTransferProtocols; }
    @Override public SrmOperation<SrmCopyRequest, SrmCopyResponse> copy() { return copy; }
    @Override public SrmOperation<SrmStatusOfCopyRequestRequest, SrmStatusOfCopyRequestResponse> statusOfCopyRequest() { return statusOfCopyRequest; }
    @Override public SrmOperation<SrmPingRequest, SrmPingResponse> ping() { return ping; }
}
