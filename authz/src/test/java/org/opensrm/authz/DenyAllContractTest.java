package org.opensrm.authz;

import java.nio.file.Path;
import org.opensrm.authz.contract.AuthorizerContract;

class DenyAllContractTest extends AuthorizerContract {
    @Override
    protected Authorizer authorizer(Path workDir) {
        return Authorizer.DENY_ALL;
    }

    @Override
    protected boolean mapsKnownIdentity() {
        return false;
    }
}
