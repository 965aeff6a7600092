package org.opensrm.authz.gums;

import org.opensrm.testkit.GumsResponder;
import java.nio.file.Path;
import java.util.List;
import org.opensrm.authz.AccountResolver;
import org.opensrm.authz.Authorizer;
import org.opensrm.authz.Authorizers;
import org.opensrm.authz.BanList;
import org.opensrm.authz.contract.AuthorizerContract;

class GumsMapperContractTest extends AuthorizerContract {
    private GumsFixture fixture;

    @Override
    protected Authorizer authorizer(Path workDir) throws Exception {
        fixture = new GumsFixture(workDir, r -> GumsResponder.Reply.ok(KNOWN.dn().equals(r.dn())
                ? GumsResponder.permit(KNOWN_ACCOUNT) : GumsResponder.deny()));
        return Authorizers.chain(BanList.NONE, List.of(new GumsMapper(fixture.config().build())),
                AccountResolver.system());
    }

    @Override
    protected void close(Authorizer authorizer) {
        fixture.close();
    }
}
