package org.opensrm.gridftp;

import java.util.List;
import org.opensrm.gridftp.contract.GridFtpSelectorContract;

class RandomSelectorContractTest extends GridFtpSelectorContract {
    @Override
    protected GridFtpSelector newSelector(List<GridFtpNode> nodes, NodeHealth health) {
        return GridFtpSelectors.create(SelectionPolicy.RANDOM, nodes, health);
    }

    @Override
    protected Distribution distribution() {
        return Distribution.UNIFORM;
    }
}
