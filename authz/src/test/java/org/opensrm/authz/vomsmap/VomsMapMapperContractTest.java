package org.opensrm.authz.vomsmap;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.opensrm.authz.AccountResolver;
import org.opensrm.authz.Authorizer;
import org.opensrm.authz.Authorizers;
import org.opensrm.authz.BanList;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.contract.AuthorizerContract;

class VomsMapMapperContractTest extends AuthorizerContract {
    @Override
    protected ClientIdentity known() {
        return new ClientIdentity(KNOWN.dn(), "/DC=org/DC=opensrm/CN=Contract CA",
                List.of("/opensrm-known/Role=production/Capability=NULL", "/opensrm-contract-vo"));
    }

    @Override
    protected Authorizer authorizer(Path workDir) throws Exception {
        Path roleMap = Files.writeString(workDir.resolve("voms-rolemap"),
                "\"/opensrm-known/Role=production/*\" " + KNOWN_ACCOUNT + "\n");
        return Authorizers.chain(BanList.NONE,
                List.of(new VomsMapMapper(new VomsMapConfig(roleMap, Optional.empty(), Duration.ofSeconds(2)))),
                AccountResolver.system());
    }
}
