package org.opensrm.server;

import org.opensrm.core.service.CopyService;
import org.opensrm.core.service.GetService;
import org.opensrm.core.service.ListService;
import org.opensrm.core.service.NamespaceService;
import org.opensrm.core.service.PutService;
import org.opensrm.core.service.RequestControl;
import org.opensrm.core.service.SurlParser;
import org.opensrm.core.service.Transfers;
import org.opensrm.core.space.SpaceManagement;
import org.opensrm.server.soap.OperationTable;
import org.opensrm.server.soap.ops.*;

/**
 * The table of the operations the core's services answer: one line per operation, each built once over the running
 * mode's services (gateway mode's or full mode's: the composition root passes them). What a mode's service cannot
 * do it answers itself with {@code SRM_NOT_SUPPORTED} (gateway mode: srmSuspendRequest and the other calls that
 * need request state, and srmCopy: {@link CopyService#NOT_SUPPORTED}). Space reservation's operations are in the
 * table when the mode's {@link SpaceManagement} offers reservation (full mode); otherwise the table answers them
 * {@code SRM_NOT_SUPPORTED}.
 */
final class CoreOperations {
    private CoreOperations() {
    }

    static OperationTable table(ListService lister, NamespaceService namespace, PutService puts, GetService gets,
                                RequestControl control, CopyService copies, SpaceManagement spaces, SurlParser surls,
                                String surlPrefix, String backendType, String mode, String version,
                                Transfers transfers) {
        OperationTable.Builder table = OperationTable.builder()
                .add(new PingOp(backendType, mode, version))
                .add(new GetTransferProtocolsOp(transfers))
                .add(new LsOp(lister))
                .add(new StatusOfLsRequestOp(lister))
                .add(new MkdirOp(namespace))
                .add(new RmdirOp(namespace))
                .add(new RmOp(namespace))
                .add(new MvOp(namespace))
                .add(new SetPermissionOp(namespace))
                .add(new CheckPermissionOp(namespace))
                .add(new GetPermissionOp(namespace))
                .add(new PrepareToPutOp(puts))
                .add(new StatusOfPutRequestOp(puts))
                .add(new PutDoneOp(puts))
                .add(new PrepareToGetOp(gets))
                .add(new StatusOfGetRequestOp(gets))
                .add(new BringOnlineOp(gets))
                .add(new StatusOfBringOnlineRequestOp(gets))
                .add(new ReleaseFilesOp(control))
                .add(new AbortRequestOp(control))
                .add(new AbortFilesOp(control))
                .add(new SuspendRequestOp(control))
                .add(new ResumeRequestOp(control))
                .add(new GetRequestSummaryOp(control))
                .add(new GetRequestTokensOp(control))
                .add(new ExtendFileLifeTimeOp(control))
                .add(new CopyOp(copies))
                .add(new StatusOfCopyRequestOp(copies))
                .add(new GetSpaceTokensOp(spaces))
                .add(new GetSpaceMetaDataOp(spaces));
        if (spaces.offersReservation()) {
            table.add(new ReserveSpaceOp(spaces))
                    .add(new StatusOfReserveSpaceRequestOp(spaces))
                    .add(new ReleaseSpaceOp(spaces))
                    .add(new UpdateSpaceOp(spaces))
                    .add(new StatusOfUpdateSpaceRequestOp(spaces))
                    .add(new ChangeSpaceForFilesOp(spaces, surls))
                    .add(new StatusOfChangeSpaceForFilesRequestOp(spaces))
                    .add(new ExtendFileLifeTimeInSpaceOp(spaces, surls, surlPrefix))
                    .add(new PurgeFromSpaceOp(spaces, surls));
        }
        return table.build();
    }
}
