package org.opensrm.authz;

import java.nio.file.Files;
import java.nio.file.Path;
import org.opensrm.authz.contract.AuthorizerContract;
import org.opensrm.authz.gridmap.GridMapConfig;

class AuthorizationChainContractTest extends AuthorizerContract {
    @Override
    protected Authorizer authorizer(Path workDir) throws Exception {
        Path gridMap = Files.writeString(workDir.resolve("grid-mapfile"),
                "\"" + KNOWN.dn() + "\" " + KNOWN_ACCOUNT + "\n\"/DC=org/CN=Banned\" " + KNOWN_ACCOUNT + "\n");
        Path banList = Files.writeString(workDir.resolve("ban-list"), "\"/DC=org/CN=Banned\"\n/banned-vo\n");
        return Authorizers.gridMap(gridMap, banList, AccountResolver.system(), GridMapConfig.DEFAULT_REFRESH_INTERVAL);
    }
}
