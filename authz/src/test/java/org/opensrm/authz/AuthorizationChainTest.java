package org.opensrm.authz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.authz.contract.IdCommand;
import org.opensrm.authz.gridmap.GridMapConfig;
import org.opensrm.authz.gridmap.GridMapMapperTest;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

class AuthorizationChainTest {
    private static final String JANE = "/DC=org/DC=opensrm/CN=Jane Doe/Email=jane@opensrm.org";
    private static final String JOHN = "/DC=org/DC=opensrm/CN=John Roe";

    @TempDir
    Path dir;

    /** Maps everyone to srmuser1 and counts calls, to see whether the ban list stopped the request first. */
    private final AtomicInteger innerCalls = new AtomicInteger();
    private final Mapper everyoneIsSrmuser1 = mapper("everyone", client -> {
        innerCalls.incrementAndGet();
        return Optional.of(Mapping.to("srmuser1"));
    });

    private Authorizer chain(BanList bans) {
        return Authorizers.chain(bans, List.of(everyoneIsSrmuser1), AccountResolver.system());
    }

    private Authorizer banning(String banList) throws Exception {
        Path file = Files.writeString(dir.resolve("ban-list"), banList);
        return chain(BanList.fromFile(file, Duration.ZERO));
    }

    private static ClientIdentity client(String dn, String... fqans) {
        return new ClientIdentity(dn, "/CN=CA", List.of(fqans));
    }

    private SrmException assertBanned(Authorizer authz, ClientIdentity client) {
        int before = innerCalls.get();
        SrmException e = assertThrows(SrmException.class, () -> authz.authorize(client));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        assertEquals(before, innerCalls.get(), "the inner authorizer was asked");
        return e;
    }

    @Test
    void bannedDnIsRefusedBeforeTheInnerAuthorizer() throws Exception {
        Authorizer authz = banning("# banned for abuse\n\"" + JANE + "\"\n");
        SrmException e = assertBanned(authz, client(JANE));
        assertEquals("DN " + JANE + " is banned", e.getMessage());
        assertEquals("srmuser1", authz.authorize(client(JOHN)).name());
        assertEquals(1, innerCalls.get());
    }

    @Test
    void banMatchesLikeTheGridMapfile() throws Exception {
        Authorizer authz = banning("/dc=ORG/dc=opensrm/cn=jane doe/emailAddress=jane@opensrm.org\n"
                + "'" + JOHN + "'\n");
        assertBanned(authz, client(JANE));
        assertBanned(authz, client(JOHN.toUpperCase()));
    }

    @Test
    void bannedFqanIsRefusedWhereverItIsInTheList() throws Exception {
        Authorizer authz = banning("/badvo\n\"/opensrm/Role=pilot\"\n");
        SrmException e = assertBanned(authz, client(JOHN, "/goodvo", "/badvo/Role=NULL/Capability=NULL"));
        assertTrue(e.getMessage().contains("/badvo"), e.getMessage());
        assertBanned(authz, client(JOHN, "/opensrm/Role=pilot"));
        assertEquals("srmuser1", authz.authorize(client(JOHN, "/opensrm", "/badvo/sub")).name());
    }

    @Test
    void addingToTheBanListTakesEffect() throws Exception {
        Path file = Files.writeString(dir.resolve("ban-list"), "# nobody yet\n");
        Authorizer authz = chain(BanList.fromFile(file, Duration.ZERO));
        assertEquals("srmuser1", authz.authorize(client(JOHN)).name());
        GridMapMapperTest.rewrite(file, "\"" + JOHN + "\"\n");
        assertBanned(authz, client(JOHN));
        GridMapMapperTest.rewrite(file, "\"" + JOHN + "\"\n\"/CN=half");
        assertBanned(authz, client(JOHN));
    }

    @Test
    void malformedBanListAtStartIsAClearError() throws Exception {
        Path file = Files.writeString(dir.resolve("ban-list"), "\"/CN=A\"\n\"/CN=B\" trailing\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BanList.fromFile(file, Duration.ZERO));
        assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("line 2"), e.getMessage());
        Path notADn = Files.writeString(dir.resolve("ban-list-2"), "CN=A\n");
        assertThrows(IllegalArgumentException.class, () -> BanList.fromFile(notADn, Duration.ZERO));
    }

    @Test
    void noneBansNobody() throws Exception {
        Authorizer authz = chain(BanList.NONE);
        Account account = authz.authorize(client(JANE, "/badvo"));
        assertEquals("srmuser1", account.name());
        assertEquals(Optional.empty(), BanList.NONE.banOf(client(JANE)));
    }

    @Test
    void bannedButMappedDnIsRefusedByTheFactoryWiring() throws Exception {
        Path gridMap = Files.writeString(dir.resolve("grid-mapfile"), "\"" + JOHN + "\" srmuser1\n");
        Path banList = Files.writeString(dir.resolve("ban-list"), JOHN + "\n");
        Authorizer authz = Authorizers.gridMap(GridMapConfig.builder(gridMap).banListFile(banList).build());
        SrmException e = assertThrows(SrmException.class, () -> authz.authorize(client(JOHN)));
        assertEquals("DN " + JOHN + " is banned", e.getMessage());
    }

    /** What a test mapper does. */
    private interface Body {
        Optional<Mapping> map(ClientIdentity client) throws SrmException;
    }

    @Test
    void bearerClientsAreNotPutToMappersThatDoNotMapTokens() {
        Authorizer authz = chain(BanList.NONE);
        SrmException e = assertThrows(SrmException.class,
                () -> authz.decide(ClientIdentity.of(new BearerToken("header.payload.signature"))));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        assertEquals("no mapper accepts the bearer token", e.getMessage());
        assertEquals(0, innerCalls.get(), "a DN mapper was asked about a bearer client");
    }

    @Test
    void certificateClientsGetEveryPathTheirDnAndTheBackendsDecision() throws Exception {
        Decision d = chain(BanList.NONE).decide(client(JOHN));
        assertEquals(PathPolicy.ANY, d.paths());
        assertEquals(JOHN, d.subject());
        assertEquals("srmuser1", d.account().name());
    }

    @Test
    void aBearerTokenNeverShowsInItsToString() {
        assertEquals("bearer token (24 bytes)", new BearerToken("header.payload.signature").toString());
        assertEquals("bearer", ClientIdentity.of(new BearerToken("x")).subject());
    }

    private static Mapper mapper(String name, Body body) {
        return new Mapper() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Optional<Mapping> map(ClientIdentity client) throws SrmException {
                return body.map(client);
            }
        };
    }

    @Test
    void theFirstMapperThatMapsDecidesAndARefusalEndsTheChain() throws Exception {
        Mapper none = mapper("none", c -> Optional.empty());
        Mapper refuses = mapper("refuses", c -> {
            throw SrmException.denied("refused by the test");
        });
        Mapper two = mapper("two", c -> Optional.of(Mapping.to("srmuser2")));
        AccountResolver accounts = AccountResolver.system();
        assertEquals("srmuser2", Authorizers.chain(BanList.NONE, List.of(none, two, refuses), accounts)
                .authorize(client(JOHN)).name());
        SrmException e = assertThrows(SrmException.class,
                () -> Authorizers.chain(BanList.NONE, List.of(none, refuses, two), accounts).authorize(client(JOHN)));
        assertEquals("refused by the test", e.getMessage());
        SrmException unmapped = assertThrows(SrmException.class,
                () -> Authorizers.chain(BanList.NONE, List.of(none), accounts).authorize(client(JOHN, "/vo")));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, unmapped.status());
        assertEquals("DN " + JOHN + " is not mapped", unmapped.getMessage());
    }

    @Test
    void aMapperThatFailsUnexpectedlyRefusesWithoutDetails() {
        Mapper broken = mapper("broken", c -> {
            throw new IllegalStateException("secret detail");
        });
        SrmException e = assertThrows(SrmException.class, () -> Authorizers
                .chain(BanList.NONE, List.of(broken), AccountResolver.system()).authorize(client(JOHN)));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        assertTrue(!e.getMessage().contains("secret"), e.getMessage());
    }

    @Test
    void aPrimaryGroupIsTakenOnlyAmongTheAccountsGroups() throws Exception {
        Account srmuser1 = IdCommand.account("srmuser1");
        int other = srmuser1.groups().stream().filter(g -> g != srmuser1.gid()).findFirst().orElse(srmuser1.gid());
        Mapper withGroup = mapper("g", c -> Optional.of(new Mapping("srmuser1", java.util.OptionalInt.of(other))));
        Account account = Authorizers.chain(BanList.NONE, List.of(withGroup), AccountResolver.system())
                .authorize(client(JOHN));
        assertEquals(other, account.gid());
        Mapper foreign = mapper("g", c -> Optional.of(new Mapping("srmuser1", java.util.OptionalInt.of(54321))));
        SrmException e = assertThrows(SrmException.class, () -> Authorizers
                .chain(BanList.NONE, List.of(foreign), AccountResolver.system()).authorize(client(JOHN)));
        assertTrue(e.getMessage().contains("not a member"), e.getMessage());
    }
}
