package org.opensrm.authz;

import java.nio.file.Files;
import java.nio.file.Path;
import org.opensrm.authz.contract.AuthorizerContract;

class GridMapAuthorizerContractTest extends AuthorizerContract {
    @Override
    protected Authorizer authorizer(Path workDir) throws Exception {
        Path gridMap = Files.writeString(workDir.resolve("grid-mapfile"),
                "\"" + KNOWN.dn() + "\" " + KNOWN_ACCOUNT + "\n");
        return new GridMapAuthorizer(GridMapConfig.builder(gridMap).build(), AccountResolver.system());
    }
}
