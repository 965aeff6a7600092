package org.opensrm.server;

import org.opensrm.core.service.GatewayGetService;
import org.opensrm.core.service.Lister;
import org.opensrm.core.service.NamespaceService;
import org.opensrm.core.service.GatewayPutService;
import org.opensrm.core.service.GatewayRequestControl;
import org.opensrm.core.service.SpaceTokens;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.SrmSoapEndpoint;
import org.opensrm.server.soap.gen.*;
import org.opensrm.server.soap.ops.*;

/** The operations gateway mode offers, each built once. */
final class GatewayOperations implements SrmSoapEndpoint.Operations {
    private final LsOp ls;
    private final MkdirOp mkdir;
    private final RmdirOp rmdir;
    private final RmOp rm;
    private final MvOp mv;
    private final SetPermissionOp setPermission;
    private final CheckPermissionOp checkPermission;
    private final GetPermissionOp getPermission;
    private final PingOp ping;
    private final GetTransferProtocolsOp getTransferProtocols = new GetTransferProtocolsOp();
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
    private final ExtendFileLifeTimeOp extendFileLifeTime;
    private final GetSpaceTokensOp getSpaceTokens;
    private final GetSpaceMetaDataOp getSpaceMetaData;

    GatewayOperations(Lister lister, NamespaceService namespace, GatewayPutService puts, GatewayGetService gets,
                      GatewayRequestControl control, SpaceTokens spaces, String backendType, String mode,
                      String version) {
        ls = new LsOp(lister);
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
        extendFileLifeTime = new ExtendFileLifeTimeOp(control);
        getSpaceTokens = new GetSpaceTokensOp(spaces);
        getSpaceMetaData = new GetSpaceMetaDataOp(spaces);
    }

    @Override public SrmOperation<SrmGetSpaceMetaDataRequest, SrmGetSpaceMetaDataResponse> getSpaceMetaData() { return getSpaceMetaData; }
    @Override public SrmOperation<SrmGetSpaceTokensRequest, SrmGetSpaceTokensResponse> getSpaceTokens() { return getSpaceTokens; }
    @Override public SrmOperation<SrmSetPermissionRequest, SrmSetPermissionResponse> setPermission() { return setPermission; }
    @Override public SrmOperation<SrmCheckPermissionRequest, SrmCheckPermissionResponse> checkPermission() { return checkPermission; }
    @Override public SrmOperation<SrmGetPermissionRequest, SrmGetPermissionResponse> getPermission() { return getPermission; }
    @Override public SrmOperation<SrmMkdirRequest, SrmMkdirResponse> mkdir() { return mkdir; }
    @Override public SrmOperation<SrmRmdirRequest, SrmRmdirResponse> rmdir() { return rmdir; }
    @Override public SrmOperation<SrmRmRequest, SrmRmResponse> rm() { return rm; }
    @Override public SrmOperation<SrmLsRequest, SrmLsResponse> ls() { return ls; }
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
    @Override public SrmOperation<SrmExtendFileLifeTimeRequest, SrmExtendFileLifeTimeResponse> extendFileLifeTime() { return extendFileLifeTime; }
    @Override public SrmOperation<SrmGetTransferProtocolsRequest, SrmGetTransferProtocolsResponse> getTransferProtocols() { return getTransferProtocols; }
    @Override public SrmOperation<SrmPingRequest, SrmPingResponse> ping() { return ping; }
}
