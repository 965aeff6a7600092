package org.opensrm.authz.gridmap;

import org.opensrm.authz.AccountResolver;
import org.opensrm.authz.Authorizer;
import org.opensrm.authz.Authorizers;
import org.opensrm.authz.ClientIdentity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.authz.contract.IdCommand;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

public class GridMapMapperTest {
    private static final String JANE = "/DC=org/DC=opensrm/CN=Jane Doe";
    private static final String ISSUER = "/DC=org/DC=opensrm/CN=Test CA";

    @TempDir
    Path dir;

    private Authorizer authorizer(String gridMap) throws IOException {
        Path file = Files.writeString(dir.resolve("grid-mapfile"), gridMap);
        return Authorizers.gridMap(GridMapConfig.builder(file).refreshInterval(Duration.ZERO).build(),
                AccountResolver.system());
    }

    private static ClientIdentity client(String dn, String... fqans) {
        return new ClientIdentity(dn, ISSUER, List.of(fqans));
    }

    private static String nameOf(Authorizer authz, ClientIdentity client) throws SrmException {
        return authz.authorize(client).name();
    }

    @Test
    void defaultAccountIsTheFirst() throws Exception {
        Authorizer authz = authorizer("\"" + JANE + "\" srmuser2,srmuser1\n");
        assertEquals(IdCommand.account("srmuser2"), authz.authorize(client(JANE)));
    }

    @Test
    void emailSpellingAndCaseDoNotMatter() throws Exception {
        Authorizer authz = authorizer("\"/C=US/O=Lab/CN=Jane/Email=jane@lab.org\" srmuser1\n");
        assertEquals("srmuser1", nameOf(authz, client("/c=us/o=LAB/cn=jane/emailAddress=Jane@Lab.org")));
        assertEquals("srmuser1", nameOf(authz, client("/C=US/O=Lab/CN=Jane/E=jane@lab.org")));
    }

    @Test
    void unmappedDnIsRefusedNamingOnlyTheDn() throws Exception {
        Authorizer authz = authorizer("\"" + JANE + "\" srmuser1\n");
        String other = "/DC=org/DC=opensrm/CN=John Roe";
        SrmException e = assertThrows(SrmException.class,
                () -> authz.authorize(client(other, "/secret-vo/Role=admin")));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        assertEquals("DN " + other + " is not mapped", e.getMessage());
        assertFalse(e.getMessage().contains(ISSUER));
    }

    @Test
    void accountMissingOnTheHostIsRefused() throws Exception {
        Authorizer authz = authorizer("\"" + JANE + "\" opensrm-no-such-account\n");
        SrmException e = assertThrows(SrmException.class, () -> authz.authorize(client(JANE)));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        assertEquals("account opensrm-no-such-account does not exist on this host", e.getMessage());
    }

    @Test
    void rootIsNeverMappedTo() throws Exception {
        Authorizer authz = authorizer("\"" + JANE + "\" root\n");
        SrmException e = assertThrows(SrmException.class, () -> authz.authorize(client(JANE)));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
    }

    @Test
    void fqanLinesComeBeforeDnLines() throws Exception {
        Authorizer authz = authorizer("\"" + JANE + "\" srmuser1\n"
                + "* \"/opensrm/Role=production\" srmuser2\n"
                + "\"" + JANE + "\" \"/opensrm\" srmuser3\n");
        assertEquals("srmuser1", nameOf(authz, client(JANE)));
        assertEquals("srmuser1", nameOf(authz, client(JANE, "/other-vo")), "unmatched FQANs fall back to the DN");
        assertEquals("srmuser2", nameOf(authz, client(JANE, "/opensrm/Role=production/Capability=NULL")));
        assertEquals("srmuser3", nameOf(authz, client(JANE, "/opensrm/Role=NULL/Capability=NULL")));
        assertEquals("srmuser2", nameOf(authz, client("/CN=Anyone", "/opensrm/Role=production")));
        assertThrows(SrmException.class, () -> authz.authorize(client("/CN=Anyone", "/opensrm")));
    }

    @Test
    void primaryFqanDecidesAndDnSpecificLineBeatsWildcard() throws Exception {
        Authorizer authz = authorizer("* \"/opensrm/Role=pilot\" srmuser2\n"
                + "\"" + JANE + "\" \"/opensrm/Role=pilot\" srmuser3\n"
                + "* \"/opensrm\" srmuser1\n");
        assertEquals("srmuser3", nameOf(authz, client(JANE, "/opensrm/Role=pilot", "/opensrm")));
        assertEquals("srmuser1", nameOf(authz, client(JANE, "/opensrm", "/opensrm/Role=pilot")));
        assertEquals("srmuser2", nameOf(authz, client("/CN=Other", "/opensrm/Role=pilot", "/opensrm")));
    }

    @Test
    void separateVoRoleMapIsConsultedFirst() throws Exception {
        Path gridMap = Files.writeString(dir.resolve("grid-mapfile"),
                "\"" + JANE + "\" srmuser1\n* \"/opensrm\" srmuser3\n");
        Path voRoleMap = Files.writeString(dir.resolve("grid-vorolemap"), "* \"/opensrm\" srmuser2\n");
        Authorizer authz = Authorizers.gridMap(GridMapConfig.builder(gridMap).voRoleMapFile(voRoleMap).build(),
                AccountResolver.system());
        assertEquals("srmuser2", nameOf(authz, client(JANE, "/opensrm")));
        assertEquals("srmuser1", nameOf(authz, client(JANE)));
    }

    @Test
    void editedGridMapIsPickedUpAndBrokenEditKeepsTheLastGood() throws Exception {
        Path file = Files.writeString(dir.resolve("grid-mapfile"), "\"" + JANE + "\" srmuser1\n");
        Authorizer authz = Authorizers.gridMap(
                GridMapConfig.builder(file).refreshInterval(Duration.ZERO).build(), AccountResolver.system());
        assertEquals("srmuser1", nameOf(authz, client(JANE)));

        rewrite(file, "\"" + JANE + "\" srmuser2\n\"/CN=New\" srmuser1\n");
        assertEquals("srmuser2", nameOf(authz, client(JANE)));
        assertEquals("srmuser1", nameOf(authz, client("/CN=New")));

        rewrite(file, "\"" + JANE + "\" srmuser3\n\"/CN=New");
        assertEquals("srmuser2", nameOf(authz, client(JANE)), "half-written file: last good mapping stays");
        assertEquals("srmuser1", nameOf(authz, client("/CN=New")));
    }

    @Test
    void missingGridMapAtStartIsAClearError() {
        Path missing = dir.resolve("grid-mapfile");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Authorizers.gridMap(GridMapConfig.builder(missing).build(), AccountResolver.system()));
        assertTrue(e.getMessage().startsWith("grid-mapfile " + missing), e.getMessage());
    }

    public static void rewrite(Path file, String content) throws IOException {
        FileTime before = Files.getLastModifiedTime(file);
        Files.writeString(file, content);
        Files.setLastModifiedTime(file, FileTime.fromMillis(before.toMillis() + 2000));
    }
}
