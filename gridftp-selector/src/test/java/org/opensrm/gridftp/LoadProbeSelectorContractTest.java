package org.opensrm.gridftp;

import java.util.List;
import org.opensrm.gridftp.contract.GridFtpSelectorContract;

/** Without probe figures every door is unknown, and loadprobe chooses uniformly among the up ones. */
class LoadProbeSelectorContractTest extends GridFtpSelectorContract {
    @Override
    protected GridFtpSelector newSelector(List<GridFtpNode> nodes, NodeHealth health) {
        return GridFtpSelectors.create(SelectionPolicy.LOAD_PROBE, nodes, health);
    }

    @Override
    protected Distribution distribution() {
        return Distribution.UNIFORM;
    }
}
