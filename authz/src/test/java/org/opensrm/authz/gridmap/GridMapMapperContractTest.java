package org.opensrm.authz.gridmap;

import org.opensrm.authz.AccountResolver;
import org.opensrm.authz.Authorizer;
import org.opensrm.authz.Authorizers;
import org.opensrm.authz.ClientIdentity;

import java.nio.file.Files;
import java.nio.file.Path;
import org.opensrm.authz.contract.AuthorizerContract;

class GridMapMapperContractTest extends AuthorizerContract {
    @Override
    protected Authorizer authorizer(Path workDir) throws Exception {
        Path gridMap = Files.writeString(workDir.resolve("grid-mapfile"),
                "\"" + KNOWN.dn() + "\" " + KNOWN_ACCOUNT + "\n");
        return Authorizers.gridMap(GridMapConfig.builder(gridMap).build(), AccountResolver.system());
    }
}
