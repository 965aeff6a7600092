package org.opensrm.authz.gums;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.authz.AccountResolver;
import org.opensrm.authz.Authorizers;
import org.opensrm.authz.BanList;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.contract.IdCommand;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.testkit.GumsResponder;

/**
 * Issue 22, point 14: both obligation forms a real GUMS sends, as its XACML service builds them (see
 * {@link GumsResponder#asGums}): the {@code account} obligation (username and primary group name) to a client that
 * supports it, which this one says it does, and the {@code username} obligation to one that does not; a numeric
 * group as {@code uidgid} with {@code posix-gid} beside either; and the interop profile's account as
 * {@code uidgid} with {@code posix-uid} and {@code posix-gid}. Each over HTTPS, through the whole chain.
 */
@Tag("integration")
class GumsObligationFormsTest {
    private static final ClientIdentity JANE = new ClientIdentity("/DC=org/DC=opensrm/CN=Jane Doe",
            "/DC=org/DC=opensrm/CN=Some CA", List.of("/cms/Role=NULL"));

    @TempDir
    Path dir;
    GumsFixture fixture;
    Account srmuser1;
    int secondaryGid;
    String secondaryName;

    @BeforeEach
    void accounts() throws Exception {
        srmuser1 = IdCommand.account("srmuser1");
        secondaryGid = srmuser1.groups().stream().filter(g -> g != srmuser1.gid()).findFirst().orElseThrow();
        secondaryName = new String(new ProcessBuilder("getent", "group", String.valueOf(secondaryGid)).start()
                .getInputStream().readAllBytes()).split(":")[0];
    }

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private Account authorize(Function<GumsResponder.Received, String> gums) throws Exception {
        fixture = new GumsFixture(dir, r -> GumsResponder.Reply.ok(gums.apply(r)));
        GumsMapper mapper = new GumsMapper(fixture.config().build());
        return Authorizers.chain(BanList.NONE, List.of(mapper), AccountResolver.system()).authorize(JANE);
    }

    /** The query as a client that does not list the {@code account} obligation would have sent it. */
    private static GumsResponder.Received withoutAccountSupport(GumsResponder.Received r) {
        return new GumsResponder.Received(r.clientCertificateSubject(), r.dn(), r.issuer(), r.fqans(),
                r.primaryFqan(), r.vo(), r.seHost(), r.seDn(), r.obligationsSupported().stream()
                .filter(o -> !o.equals(GumsResponder.OBLIGATION_ACCOUNT)).toList(), r.soapAction());
    }

    @Test
    void accountFormWithAGroupNameGivesThatPrimaryGroup() throws Exception {
        Account a = authorize(r -> GumsResponder.asGums(r, "srmuser1", secondaryName));
        assertTrue(fixture.gums.received().get(0).obligationsSupported().contains(GumsResponder.OBLIGATION_ACCOUNT));
        assertEquals("srmuser1", a.name());
        assertEquals(secondaryGid, a.gid());
    }

    @Test
    void accountFormWithANumericGroupComesWithUidgidAndGivesThatGid() throws Exception {
        Account a = authorize(r -> GumsResponder.asGums(r, "srmuser1", String.valueOf(secondaryGid)));
        assertEquals("srmuser1", a.name());
        assertEquals(secondaryGid, a.gid());
    }

    @Test
    void accountFormWithoutGroupGivesTheAccountsOwnGroup() throws Exception {
        assertEquals(srmuser1, authorize(r -> GumsResponder.asGums(r, "srmuser1", null)));
    }

    @Test
    void usernameFormAloneAndWithUidgid() throws Exception {
        assertEquals(srmuser1, authorize(r -> GumsResponder.asGums(withoutAccountSupport(r), "srmuser1", null)));
        fixture.close();
        Account a = authorize(r -> GumsResponder.asGums(withoutAccountSupport(r), "srmuser1",
                String.valueOf(secondaryGid)));
        assertEquals("srmuser1", a.name());
        assertEquals(secondaryGid, a.gid());
    }

    @Test
    void gumsIndeterminateForAGroupNameTheClientCouldNotTakeIsARefusal() throws Exception {
        SrmException e = assertThrows(SrmException.class,
                () -> authorize(r -> GumsResponder.asGums(withoutAccountSupport(r), "srmuser1", secondaryName)));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        assertTrue(e.getMessage().contains("GUMS"), e.getMessage());
    }

    @Test
    void interopUidgidFormNamesTheAccountByUid() throws Exception {
        Account a = authorize(r -> GumsResponder.permitWithUidGid(srmuser1.uid(), secondaryGid));
        assertEquals("srmuser1", a.name());
        assertEquals(secondaryGid, a.gid());
    }

    @Test
    void interopUidgidFormWithAnUnknownUidIsARefusal() throws Exception {
        SrmException e = assertThrows(SrmException.class,
                () -> authorize(r -> GumsResponder.permitWithUidGid(1_999_999_999, srmuser1.gid())));
        assertTrue(e.getMessage().contains("uid 1999999999, which no account has on this host"), e.getMessage());
    }
}
