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
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

class BanningAuthorizerTest {
    private static final String JANE = "/DC=org/DC=opensrm/CN=Jane Doe/Email=jane@opensrm.org";
    private static final String JOHN = "/DC=org/DC=opensrm/CN=John Roe";

    @TempDir
    Path dir;

    /** Maps everyone to srmuser1 and counts calls, to see whether the ban list stopped the request first. */
    private final AtomicInteger innerCalls = new AtomicInteger();
    private final Authorizer everyoneIsSrmuser1 = client -> {
        innerCalls.incrementAndGet();
        return IdCommand.account("srmuser1");
    };

    private Authorizer banning(String banList) throws Exception {
        Path file = Files.writeString(dir.resolve("ban-list"), banList);
        return new BanningAuthorizer(everyoneIsSrmuser1, BanList.fromFile(file, Duration.ZERO));
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
        Authorizer authz = new BanningAuthorizer(everyoneIsSrmuser1, BanList.fromFile(file, Duration.ZERO));
        assertEquals("srmuser1", authz.authorize(client(JOHN)).name());
        GridMapAuthorizerTest.rewrite(file, "\"" + JOHN + "\"\n");
        assertBanned(authz, client(JOHN));
        GridMapAuthorizerTest.rewrite(file, "\"" + JOHN + "\"\n\"/CN=half");
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
        Authorizer authz = new BanningAuthorizer(everyoneIsSrmuser1, BanList.NONE);
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
}
