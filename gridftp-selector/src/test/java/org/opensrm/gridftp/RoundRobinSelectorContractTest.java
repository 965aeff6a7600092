package org.opensrm.gridftp;

import java.util.List;
import org.opensrm.gridftp.contract.GridFtpSelectorContract;

class RoundRobinSelectorContractTest extends GridFtpSelectorContract {
    @Override
    protected GridFtpSelector newSelector(List<GridFtpNode> nodes, NodeHealth health) {
        return GridFtpSelectors.create(SelectionPolicy.ROUND_ROBIN, nodes, health);
    }

    @Override
    protected Distribution distribution() {
        return Distribution.STRICT_ROTATION;
    }
}
