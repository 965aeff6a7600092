package org.opensrm.server.soap;

import jakarta.jws.WebService;
import org.opensrm.server.soap.gen.*;

/**
 * The SRM v2.2 port: every one of the 39 operations, each handed to its {@link SrmOperation} from
 * {@link SrmOperations} through {@link SoapCalls}.
 */
@WebService(endpointInterface = "org.opensrm.server.soap.gen.ISRM",
        targetNamespace = "http://srm.lbl.gov/StorageResourceManager",
        serviceName = "SRMService", portName = "srm", wsdlLocation = "/wsdl/srm.v2.2.literal.wsdl")
public class SrmSoapEndpoint implements ISRM {
    private final SoapCalls calls;
    private final SrmOperations operations;

    public SrmSoapEndpoint(SoapCalls calls, SrmOperations operations) {
        this.calls = calls;
        this.operations = operations;
    }

    @Override
    public SrmReserveSpaceResponse srmReserveSpace(SrmReserveSpaceRequest request) {
        return calls.invoke(operations.reserveSpace(), request);
    }

    @Override
    public SrmStatusOfReserveSpaceRequestResponse srmStatusOfReserveSpaceRequest(SrmStatusOfReserveSpaceRequestRequest request) {
        return calls.invoke(operations.statusOfReserveSpaceRequest(), request);
    }

    @Override
    public SrmReleaseSpaceResponse srmReleaseSpace(SrmReleaseSpaceRequest request) {
        return calls.invoke(operations.releaseSpace(), request);
    }

    @Override
    public SrmUpdateSpaceResponse srmUpdateSpace(SrmUpdateSpaceRequest request) {
        return calls.invoke(operations.updateSpace(), request);
    }

    @Override
    public SrmStatusOfUpdateSpaceRequestResponse srmStatusOfUpdateSpaceRequest(SrmStatusOfUpdateSpaceRequestRequest request) {
        return calls.invoke(operations.statusOfUpdateSpaceRequest(), request);
    }

    @Override
    public SrmGetSpaceMetaDataResponse srmGetSpaceMetaData(SrmGetSpaceMetaDataRequest request) {
        return calls.invoke(operations.getSpaceMetaData(), request);
    }

    @Override
    public SrmChangeSpaceForFilesResponse srmChangeSpaceForFiles(SrmChangeSpaceForFilesRequest request) {
        return calls.invoke(operations.changeSpaceForFiles(), request);
    }

    @Override
    public SrmStatusOfChangeSpaceForFilesRequestResponse srmStatusOfChangeSpaceForFilesRequest(SrmStatusOfChangeSpaceForFilesRequestRequest request) {
        return calls.invoke(operations.statusOfChangeSpaceForFilesRequest(), request);
    }

    @Override
    public SrmExtendFileLifeTimeInSpaceResponse srmExtendFileLifeTimeInSpace(SrmExtendFileLifeTimeInSpaceRequest request) {
        return calls.invoke(operations.extendFileLifeTimeInSpace(), request);
    }

    @Override
    public SrmPurgeFromSpaceResponse srmPurgeFromSpace(SrmPurgeFromSpaceRequest request) {
        return calls.invoke(operations.purgeFromSpace(), request);
    }

    @Override
    public SrmGetSpaceTokensResponse srmGetSpaceTokens(SrmGetSpaceTokensRequest request) {
        return calls.invoke(operations.getSpaceTokens(), request);
    }

    @Override
    public SrmSetPermissionResponse srmSetPermission(SrmSetPermissionRequest request) {
        return calls.invoke(operations.setPermission(), request);
    }

    @Override
    public SrmCheckPermissionResponse srmCheckPermission(SrmCheckPermissionRequest request) {
        return calls.invoke(operations.checkPermission(), request);
    }

    @Override
    public SrmGetPermissionResponse srmGetPermission(SrmGetPermissionRequest request) {
        return calls.invoke(operations.getPermission(), request);
    }

    @Override
    public SrmMkdirResponse srmMkdir(SrmMkdirRequest request) {
        return calls.invoke(operations.mkdir(), request);
    }

    @Override
    public SrmRmdirResponse srmRmdir(SrmRmdirRequest request) {
        return calls.invoke(operations.rmdir(), request);
    }

    @Override
    public SrmRmResponse srmRm(SrmRmRequest request) {
        return calls.invoke(operations.rm(), request);
    }

    @Override
    public SrmLsResponse srmLs(SrmLsRequest request) {
        return calls.invoke(operations.ls(), request);
    }

    @Override
    public SrmStatusOfLsRequestResponse srmStatusOfLsRequest(SrmStatusOfLsRequestRequest request) {
        return calls.invoke(operations.statusOfLsRequest(), request);
    }

    @Override
    public SrmMvResponse srmMv(SrmMvRequest request) {
        return calls.invoke(operations.mv(), request);
    }

    @Override
    public SrmPrepareToGetResponse srmPrepareToGet(SrmPrepareToGetRequest request) {
        return calls.invoke(operations.prepareToGet(), request);
    }

    @Override
    public SrmStatusOfGetRequestResponse srmStatusOfGetRequest(SrmStatusOfGetRequestRequest request) {
        return calls.invoke(operations.statusOfGetRequest(), request);
    }

    @Override
    public SrmBringOnlineResponse srmBringOnline(SrmBringOnlineRequest request) {
        return calls.invoke(operations.bringOnline(), request);
    }

    @Override
    public SrmStatusOfBringOnlineRequestResponse srmStatusOfBringOnlineRequest(SrmStatusOfBringOnlineRequestRequest request) {
        return calls.invoke(operations.statusOfBringOnlineRequest(), request);
    }

    @Override
    public SrmPrepareToPutResponse srmPrepareToPut(SrmPrepareToPutRequest request) {
        return calls.invoke(operations.prepareToPut(), request);
    }

    @Override
    public SrmStatusOfPutRequestResponse srmStatusOfPutRequest(SrmStatusOfPutRequestRequest request) {
        return calls.invoke(operations.statusOfPutRequest(), request);
    }

    @Override
    public SrmCopyResponse srmCopy(SrmCopyRequest request) {
        return calls.invoke(operations.copy(), request);
    }

    @Override
    public SrmStatusOfCopyRequestResponse srmStatusOfCopyRequest(SrmStatusOfCopyRequestRequest request) {
        return calls.invoke(operations.statusOfCopyRequest(), request);
    }

    @Override
    public SrmReleaseFilesResponse srmReleaseFiles(SrmReleaseFilesRequest request) {
        return calls.invoke(operations.releaseFiles(), request);
    }

    @Override
    public SrmPutDoneResponse srmPutDone(SrmPutDoneRequest request) {
        return calls.invoke(operations.putDone(), request);
    }

    @Override
    public SrmAbortRequestResponse srmAbortRequest(SrmAbortRequestRequest request) {
        return calls.invoke(operations.abortRequest(), request);
    }

    @Override
    public SrmAbortFilesResponse srmAbortFiles(SrmAbortFilesRequest request) {
        return calls.invoke(operations.abortFiles(), request);
    }

    @Override
    public SrmSuspendRequestResponse srmSuspendRequest(SrmSuspendRequestRequest request) {
        return calls.invoke(operations.suspendRequest(), request);
    }

    @Override
    public SrmResumeRequestResponse srmResumeRequest(SrmResumeRequestRequest request) {
        return calls.invoke(operations.resumeRequest(), request);
    }

    @Override
    public SrmGetRequestSummaryResponse srmGetRequestSummary(SrmGetRequestSummaryRequest request) {
        return calls.invoke(operations.getRequestSummary(), request);
    }

    @Override
    public SrmExtendFileLifeTimeResponse srmExtendFileLifeTime(SrmExtendFileLifeTimeRequest request) {
        return calls.invoke(operations.extendFileLifeTime(), request);
    }

    @Override
    public SrmGetRequestTokensResponse srmGetRequestTokens(SrmGetRequestTokensRequest request) {
        return calls.invoke(operations.getRequestTokens(), request);
    }

    @Override
    public SrmGetTransferProtocolsResponse srmGetTransferProtocols(SrmGetTransferProtocolsRequest request) {
        return calls.invoke(operations.getTransferProtocols(), request);
    }

    @Override
    public SrmPingResponse srmPing(SrmPingRequest request) {
        return calls.invoke(operations.ping(), request);
    }
}
