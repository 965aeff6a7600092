package org.opensrm.authz.token;

import java.nio.file.Path;
import java.util.List;
import org.opensrm.authz.AccountResolver;
import org.opensrm.authz.Authorizer;
import org.opensrm.authz.Authorizers;
import org.opensrm.authz.BanList;
import org.opensrm.authz.BearerToken;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.contract.AuthorizerContract;

class TokenMapperContractTest extends AuthorizerContract {
    private ClientIdentity known;

    @Override
    protected ClientIdentity known() {
        return known;
    }

    @Override
    protected Authorizer authorizer(Path workDir) throws Exception {
        TokenFixture issuer = new TokenFixture(workDir, "contract");
        known = ClientIdentity.of(new BearerToken(issuer.token("known-subject", "storage.read:/")));
        return Authorizers.chain(BanList.NONE, List.of(new TokenMapper(issuer.config("/", KNOWN_ACCOUNT, null))),
                AccountResolver.system());
    }
}
