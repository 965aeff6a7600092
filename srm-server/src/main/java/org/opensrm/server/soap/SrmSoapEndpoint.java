package org.opensrm.server.soap;

import jakarta.jws.WebService;
import org.opensrm.server.soap.gen.*;
import org.opensrm.server.soap.ops.NotSupportedOp;

/**
 * The SRM v2.2 port: every one of the 39 operations, each handed to its {@link SrmOperation} through
 * {@link SoapCalls}. Operations that the current mode does not offer answer {@code SRM_NOT_SUPPORTED}.
 */
@WebService(endpointInterface = "org.opensrm.server.soap.gen.ISRM",
        targetNamespace = "http://srm.lbl.gov/StorageResourceManager",
        serviceName = "SRMService", portName = "srm", wsdlLocation = "/wsdl/srm.v2.2.literal.wsdl")
public class SrmSoapEndpoint implements ISRM {

    /** The operations this mode implements; the composition root supplies them. */
    public interface Operations {
        SrmOperation<SrmGetSpaceMetaDataRequest, SrmGetSpaceMetaDataResponse> getSpaceMetaData();
        SrmOperation<SrmGetSpaceTokensRequest, SrmGetSpaceTokensResponse> getSpaceTokens();
        SrmOperation<SrmSetPermissionRequest, SrmSetPermissionResponse> setPermission();
        SrmOperation<SrmCheckPermissionRequest, SrmCheckPermissionResponse> checkPermission();
        SrmOperation<SrmGetPermissionRequest, SrmGetPermissionResponse> getPermission();
        SrmOperation<SrmMkdirRequest, SrmMkdirResponse> mkdir();
        SrmOperation<SrmRmdirRequest, SrmRmdirResponse> rmdir();
        SrmOperation<SrmRmRequest, SrmRmResponse> rm();
        SrmOperation<SrmLsRequest, SrmLsResponse> ls();
        SrmOperation<SrmMvRequest, SrmMvResponse> mv();
        SrmOperation<SrmPrepareToGetRequest, SrmPrepareToGetResponse> prepareToGet();
        SrmOperation<SrmStatusOfGetRequestRequest, SrmStatusOfGetRequestResponse> statusOfGetRequest();
        SrmOperation<SrmBringOnlineRequest, SrmBringOnlineResponse> bringOnline();
        SrmOperation<SrmStatusOfBringOnlineRequestRequest, SrmStatusOfBringOnlineRequestResponse> statusOfBringOnlineRequest();
        SrmOperation<SrmPrepareToPutRequest, SrmPrepareToPutResponse> prepareToPut();
        SrmOperation<SrmStatusOfPutRequestRequest, SrmStatusOfPutRequestResponse> statusOfPutRequest();
        SrmOperation<SrmReleaseFilesRequest, SrmReleaseFilesResponse> releaseFiles();
        SrmOperation<SrmPutDoneRequest, SrmPutDoneResponse> putDone();
        SrmOperation<SrmAbortRequestRequest, SrmAbortRequestResponse> abortRequest();
        SrmOperation<SrmAbortFilesRequest, SrmAbortFilesResponse> abortFiles();
        SrmOperation<SrmExtendFileLifeTimeRequest, SrmExtendFileLifeTimeResponse> extendFileLifeTime();
        SrmOperation<SrmGetTransferProtocolsRequest, SrmGetTransferProtocolsResponse> getTransferProtocols();
        SrmOperation<SrmPingRequest, SrmPingResponse> ping();
    }

    private final SoapCalls calls;
    private final SrmOperation<SrmReserveSpaceRequest, SrmReserveSpaceResponse> reserveSpace;
    private final SrmOperation<SrmStatusOfReserveSpaceRequestRequest, SrmStatusOfReserveSpaceRequestResponse> statusOfReserveSpaceRequest;
    private final SrmOperation<SrmReleaseSpaceRequest, SrmReleaseSpaceResponse> releaseSpace;
    private final SrmOperation<SrmUpdateSpaceRequest, SrmUpdateSpaceResponse> updateSpace;
    private final SrmOperation<SrmStatusOfUpdateSpaceRequestRequest, SrmStatusOfUpdateSpaceRequestResponse> statusOfUpdateSpaceRequest;
    private final SrmOperation<SrmGetSpaceMetaDataRequest, SrmGetSpaceMetaDataResponse> getSpaceMetaData;
    private final SrmOperation<SrmChangeSpaceForFilesRequest, SrmChangeSpaceForFilesResponse> changeSpaceForFiles;
    private final SrmOperation<SrmStatusOfChangeSpaceForFilesRequestRequest, SrmStatusOfChangeSpaceForFilesRequestResponse> statusOfChangeSpaceForFilesRequest;
    private final SrmOperation<SrmExtendFileLifeTimeInSpaceRequest, SrmExtendFileLifeTimeInSpaceResponse> extendFileLifeTimeInSpace;
    private final SrmOperation<SrmPurgeFromSpaceRequest, SrmPurgeFromSpaceResponse> purgeFromSpace;
    private final SrmOperation<SrmGetSpaceTokensRequest, SrmGetSpaceTokensResponse> getSpaceTokens;
    private final SrmOperation<SrmSetPermissionRequest, SrmSetPermissionResponse> setPermission;
    private final SrmOperation<SrmCheckPermissionRequest, SrmCheckPermissionResponse> checkPermission;
    private final SrmOperation<SrmGetPermissionRequest, SrmGetPermissionResponse> getPermission;
    private final SrmOperation<SrmMkdirRequest, SrmMkdirResponse> mkdir;
    private final SrmOperation<SrmRmdirRequest, SrmRmdirResponse> rmdir;
    private final SrmOperation<SrmRmRequest, SrmRmResponse> rm;
    private final SrmOperation<SrmLsRequest, SrmLsResponse> ls;
    private final SrmOperation<SrmStatusOfLsRequestRequest, SrmStatusOfLsRequestResponse> statusOfLsRequest;
    private final SrmOperation<SrmMvRequest, SrmMvResponse> mv;
    private final SrmOperation<SrmPrepareToGetRequest, SrmPrepareToGetResponse> prepareToGet;
    private final SrmOperation<SrmStatusOfGetRequestRequest, SrmStatusOfGetRequestResponse> statusOfGetRequest;
    private final SrmOperation<SrmBringOnlineRequest, SrmBringOnlineResponse> bringOnline;
    private final SrmOperation<SrmStatusOfBringOnlineRequestRequest, SrmStatusOfBringOnlineRequestResponse> statusOfBringOnlineRequest;
    private final SrmOperation<SrmPrepareToPutRequest, SrmPrepareToPutResponse> prepareToPut;
    private final SrmOperation<SrmStatusOfPutRequestRequest, SrmStatusOfPutRequestResponse> statusOfPutRequest;
    private final SrmOperation<SrmCopyRequest, SrmCopyResponse> copy;
    private final SrmOperation<SrmStatusOfCopyRequestRequest, SrmStatusOfCopyRequestResponse> statusOfCopyRequest;
    private final SrmOperation<SrmReleaseFilesRequest, SrmReleaseFilesResponse> releaseFiles;
    private final SrmOperation<SrmPutDoneRequest, SrmPutDoneResponse> putDone;
    private final SrmOperation<SrmAbortRequestRequest, SrmAbortRequestResponse> abortRequest;
    private final SrmOperation<SrmAbortFilesRequest, SrmAbortFilesResponse> abortFiles;
    private final SrmOperation<SrmSuspendRequestRequest, SrmSuspendRequestResponse> suspendRequest;
    private final SrmOperation<SrmResumeRequestRequest, SrmResumeRequestResponse> resumeRequest;
    private final SrmOperation<SrmGetRequestSummaryRequest, SrmGetRequestSummaryResponse> getRequestSummary;
    private final SrmOperation<SrmExtendFileLifeTimeRequest, SrmExtendFileLifeTimeResponse> extendFileLifeTime;
    private final SrmOperation<SrmGetRequestTokensRequest, SrmGetRequestTokensResponse> getRequestTokens;
    private final SrmOperation<SrmGetTransferProtocolsRequest, SrmGetTransferProtocolsResponse> getTransferProtocols;
    private final SrmOperation<SrmPingRequest, SrmPingResponse> ping;

    public SrmSoapEndpoint(SoapCalls calls, Operations ops) {
        this.calls = calls;
        this.reserveSpace = new NotSupportedOp<>("srmReserveSpace", s -> {
            SrmReserveSpaceResponse r = new SrmReserveSpaceResponse();
            r.setReturnStatus(s);
            return r;
        });
        this.statusOfReserveSpaceRequest = new NotSupportedOp<>("srmStatusOfReserveSpaceRequest", s -> {
            SrmStatusOfReserveSpaceRequestResponse r = new SrmStatusOfReserveSpaceRequestResponse();
            r.setReturnStatus(s);
            return r;
        });
        this.releaseSpace = new NotSupportedOp<>("srmReleaseSpace", s -> {
            SrmReleaseSpaceResponse r = new SrmReleaseSpaceResponse();
            r.setReturnStatus(s);
            return r;
        });
        this.updateSpace = new NotSupportedOp<>("srmUpdateSpace", s -> {
            SrmUpdateSpaceResponse r = new SrmUpdateSpaceResponse();
            r.setReturnStatus(s);
            return r;
        });
        this.statusOfUpdateSpaceRequest = new NotSupportedOp<>("srmStatusOfUpdateSpaceRequest", s -> {
            SrmStatusOfUpdateSpaceRequestResponse r = new SrmStatusOfUpdateSpaceRequestResponse();
            r.setReturnStatus(s);
            return r;
        });
        this.getSpaceMetaData = ops.getSpaceMetaData();
        this.changeSpaceForFiles = new NotSupportedOp<>("srmChangeSpaceForFiles", s -> {
            SrmChangeSpaceForFilesResponse r = new SrmChangeSpaceForFilesResponse();
            r.setReturnStatus(s);
            return r;
        });
        this.statusOfChangeSpaceForFilesRequest = new NotSupportedOp<>("srmStatusOfChangeSpaceForFilesRequest", s -> {
            SrmStatusOfChangeSpaceForFilesRequestResponse r = new SrmStatusOfChangeSpaceForFilesRequestResponse();
            r.setReturnStatus(s);
            return r;
        });
        this.extendFileLifeTimeInSpace = new NotSupportedOp<>("srmExtendFileLifeTimeInSpace", s -> {
            SrmExtendFileLifeTimeInSpaceResponse r = new SrmExtendFileLifeTimeInSpaceResponse();
            r.setReturnStatus(s);
            return r;
        });
        this.purgeFromSpace = new NotSupportedOp<>("srmPurgeFromSpace", s -> {
            SrmPurgeFromSpaceResponse r = new SrmPurgeFromSpaceResponse();
            r.setReturnStatus(s);
            return r;
        });
        this.getSpaceTokens = ops.getSpaceTokens();
        this.setPermission = ops.setPermission();
        this.checkPermission = ops.checkPermission();
        this.getPermission = ops.getPermission();
        this.mkdir = ops.mkdir();
        this.rmdir = ops.rmdir();
        this.rm = ops.rm();
        this.ls = ops.ls();
        this.statusOfLsRequest = new NotSupportedOp<>("srmStatusOfLsRequest", s -> {
            SrmStatusOfLsRequestResponse r = new SrmStatusOfLsRequestResponse();
            r.setReturnStatus(s);
            return r;
        });
        this.mv = ops.mv();
        this.prepareToGet = ops.prepareToGet();
        this.statusOfGetRequest = ops.statusOfGetRequest();
        this.bringOnline = ops.bringOnline();
        this.statusOfBringOnlineRequest = ops.statusOfBringOnlineRequest();
        this.prepareToPut = ops.prepareToPut();
        this.statusOfPutRequest = ops.statusOfPutRequest();
        this.copy = new NotSupportedOp<>("srmCopy", s -> {
            SrmCopyResponse r = new SrmCopyResponse();
            r.setReturnStatus(s);
            return r;
        });
        this.statusOfCopyRequest = new NotSupportedOp<>("srmStatusOfCopyRequest", s -> {
            SrmStatusOfCopyRequestResponse r = new SrmStatusOfCopyRequestResponse();
            r.setReturnStatus(s);
            return r;
        });
        this.releaseFiles = ops.releaseFiles();
        this.putDone = ops.putDone();
        this.abortRequest = ops.abortRequest();
        this.abortFiles = ops.abortFiles();
        this.suspendRequest = new NotSupportedOp<>("srmSuspendRequest", s -> {
            SrmSuspendRequestResponse r = new SrmSuspendRequestResponse();
            r.setReturnStatus(s);
            return r;
        });
        this.resumeRequest = new NotSupportedOp<>("srmResumeRequest", s -> {
            SrmResumeRequestResponse r = new SrmResumeRequestResponse();
            r.setReturnStatus(s);
            return r;
        });
        this.getRequestSummary = new NotSupportedOp<>("srmGetRequestSummary", s -> {
            SrmGetRequestSummaryResponse r = new SrmGetRequestSummaryResponse();
            r.setReturnStatus(s);
            return r;
        });
        this.extendFileLifeTime = ops.extendFileLifeTime();
        this.getRequestTokens = new NotSupportedOp<>("srmGetRequestTokens", s -> {
            SrmGetRequestTokensResponse r = new SrmGetRequestTokensResponse();
            r.setReturnStatus(s);
            return r;
        });
        this.getTransferProtocols = ops.getTransferProtocols();
        this.ping = ops.ping();
    }

    @Override
    public SrmReserveSpaceResponse srmReserveSpace(SrmReserveSpaceRequest request) {
        return calls.invoke(reserveSpace, request);
    }

    @Override
    public SrmStatusOfReserveSpaceRequestResponse srmStatusOfReserveSpaceRequest(SrmStatusOfReserveSpaceRequestRequest request) {
        return calls.invoke(statusOfReserveSpaceRequest, request);
    }

    @Override
    public SrmReleaseSpaceResponse srmReleaseSpace(SrmReleaseSpaceRequest request) {
        return calls.invoke(releaseSpace, request);
    }

    @Override
    public SrmUpdateSpaceResponse srmUpdateSpace(SrmUpdateSpaceRequest request) {
        return calls.invoke(updateSpace, request);
    }

    @Override
    public SrmStatusOfUpdateSpaceRequestResponse srmStatusOfUpdateSpaceRequest(SrmStatusOfUpdateSpaceRequestRequest request) {
        return calls.invoke(statusOfUpdateSpaceRequest, request);
    }

    @Override
    public SrmGetSpaceMetaDataResponse srmGetSpaceMetaData(SrmGetSpaceMetaDataRequest request) {
        return calls.invoke(getSpaceMetaData, request);
    }

    @Override
    public SrmChangeSpaceForFilesResponse srmChangeSpaceForFiles(SrmChangeSpaceForFilesRequest request) {
        return calls.invoke(changeSpaceForFiles, request);
    }

    @Override
    public SrmStatusOfChangeSpaceForFilesRequestResponse srmStatusOfChangeSpaceForFilesRequest(SrmStatusOfChangeSpaceForFilesRequestRequest request) {
        return calls.invoke(statusOfChangeSpaceForFilesRequest, request);
    }

    @Override
    public SrmExtendFileLifeTimeInSpaceResponse srmExtendFileLifeTimeInSpace(SrmExtendFileLifeTimeInSpaceRequest request) {
        return calls.invoke(extendFileLifeTimeInSpace, request);
    }

    @Override
    public SrmPurgeFromSpaceResponse srmPurgeFromSpace(SrmPurgeFromSpaceRequest request) {
        return calls.invoke(purgeFromSpace, request);
    }

    @Override
    public SrmGetSpaceTokensResponse srmGetSpaceTokens(SrmGetSpaceTokensRequest request) {
        return calls.invoke(getSpaceTokens, request);
    }

    @Override
    public SrmSetPermissionResponse srmSetPermission(SrmSetPermissionRequest request) {
        return calls.invoke(setPermission, request);
    }

    @Override
    public SrmCheckPermissionResponse srmCheckPermission(SrmCheckPermissionRequest request) {
        return calls.invoke(checkPermission, request);
    }

    @Override
    public SrmGetPermissionResponse srmGetPermission(SrmGetPermissionRequest request) {
        return calls.invoke(getPermission, request);
    }

    @Override
    public SrmMkdirResponse srmMkdir(SrmMkdirRequest request) {
        return calls.invoke(mkdir, request);
    }

    @Override
    public SrmRmdirResponse srmRmdir(SrmRmdirRequest request) {
        return calls.invoke(rmdir, request);
    }

    @Override
    public SrmRmResponse srmRm(SrmRmRequest request) {
        return calls.invoke(rm, request);
    }

    @Override
    public SrmLsResponse srmLs(SrmLsRequest request) {
        return calls.invoke(ls, request);
    }

    @Override
    public SrmStatusOfLsRequestResponse srmStatusOfLsRequest(SrmStatusOfLsRequestRequest request) {
        return calls.invoke(statusOfLsRequest, request);
    }

    @Override
    public SrmMvResponse srmMv(SrmMvRequest request) {
        return calls.invoke(mv, request);
    }

    @Override
    public SrmPrepareToGetResponse srmPrepareToGet(SrmPrepareToGetRequest request) {
        return calls.invoke(prepareToGet, request);
    }

    @Override
    public SrmStatusOfGetRequestResponse srmStatusOfGetRequest(SrmStatusOfGetRequestRequest request) {
        return calls.invoke(statusOfGetRequest, request);
    }

    @Override
    public SrmBringOnlineResponse srmBringOnline(SrmBringOnlineRequest request) {
        return calls.invoke(bringOnline, request);
    }

    @Override
    public SrmStatusOfBringOnlineRequestResponse srmStatusOfBringOnlineRequest(SrmStatusOfBringOnlineRequestRequest request) {
        return calls.invoke(statusOfBringOnlineRequest, request);
    }

    @Override
    public SrmPrepareToPutResponse srmPrepareToPut(SrmPrepareToPutRequest request) {
        return calls.invoke(prepareToPut, request);
    }

    @Override
    public SrmStatusOfPutRequestResponse srmStatusOfPutRequest(SrmStatusOfPutRequestRequest request) {
        return calls.invoke(statusOfPutRequest, request);
    }

    @Override
    public SrmCopyResponse srmCopy(SrmCopyRequest request) {
        return calls.invoke(copy, request);
    }

    @Override
    public SrmStatusOfCopyRequestResponse srmStatusOfCopyRequest(SrmStatusOfCopyRequestRequest request) {
        return calls.invoke(statusOfCopyRequest, request);
    }

    @Override
    public SrmReleaseFilesResponse srmReleaseFiles(SrmReleaseFilesRequest request) {
        return calls.invoke(releaseFiles, request);
    }

    @Override
    public SrmPutDoneResponse srmPutDone(SrmPutDoneRequest request) {
        return calls.invoke(putDone, request);
    }

    @Override
    public SrmAbortRequestResponse srmAbortRequest(SrmAbortRequestRequest request) {
        return calls.invoke(abortRequest, request);
    }

    @Override
    public SrmAbortFilesResponse srmAbortFiles(SrmAbortFilesRequest request) {
        return calls.invoke(abortFiles, request);
    }

    @Override
    public SrmSuspendRequestResponse srmSuspendRequest(SrmSuspendRequestRequest request) {
        return calls.invoke(suspendRequest, request);
    }

    @Override
    public SrmResumeRequestResponse srmResumeRequest(SrmResumeRequestRequest request) {
        return calls.invoke(resumeRequest, request);
    }

    @Override
    public SrmGetRequestSummaryResponse srmGetRequestSummary(SrmGetRequestSummaryRequest request) {
        return calls.invoke(getRequestSummary, request);
    }

    @Override
    public SrmExtendFileLifeTimeResponse srmExtendFileLifeTime(SrmExtendFileLifeTimeRequest request) {
        return calls.invoke(extendFileLifeTime, request);
    }

    @Override
    public SrmGetRequestTokensResponse srmGetRequestTokens(SrmGetRequestTokensRequest request) {
        return calls.invoke(getRequestTokens, request);
    }

    @Override
    public SrmGetTransferProtocolsResponse srmGetTransferProtocols(SrmGetTransferProtocolsRequest request) {
        return calls.invoke(getTransferProtocols, request);
    }

    @Override
    public SrmPingResponse srmPing(SrmPingRequest request) {
        return calls.invoke(ping, request);
    }
}
