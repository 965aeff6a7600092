package org.opensrm.authz.vomsmap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.Mapping;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

class VomsMapMapperTest {
    private static final String JANE = "/DC=org/DC=opensrm/CN=Jane Doe";
    private static final String JOHN = "/DC=org/DC=opensrm/CN=John Roe";

    @TempDir
    Path dir;

    private VomsMapMapper mapper(String roleMap, Path gridmapdir) throws Exception {
        Path file = Files.writeString(dir.resolve("voms-rolemap"), roleMap);
        return new VomsMapMapper(new VomsMapConfig(file, Optional.ofNullable(gridmapdir), Duration.ZERO));
    }

    private static ClientIdentity client(String dn, String... fqans) {
        return new ClientIdentity(dn, "/CN=CA", List.of(fqans));
    }

    private static Optional<String> account(VomsMapMapper m, ClientIdentity c) throws SrmException {
        return m.map(c).map(Mapping::account);
    }

    @Test
    void thePrimaryFqanDecides() throws Exception {
        VomsMapMapper m = mapper("# production first\n\"/cms/Role=production/*\" srmuser2\n\"/cms/*\" srmuser3\n",
                null);
        assertEquals(Optional.of("srmuser2"),
                account(m, client(JANE, "/cms/Role=production/Capability=NULL", "/cms/Role=NULL/Capability=NULL")));
        assertEquals(Optional.of("srmuser3"),
                account(m, client(JANE, "/cms/Role=NULL/Capability=NULL", "/cms/Role=production/Capability=NULL")));
        assertEquals(Optional.of("srmuser3"), account(m, client(JANE, "/cms/higgs/Role=pilot")));
        assertEquals(Optional.of("srmuser3"), account(m, client(JANE, "/cms")));
    }

    @Test
    void anFqanThatMatchesNothingOrNoFqanIsLeftToTheNextMapper() throws Exception {
        VomsMapMapper m = mapper("\"/cms/*\" srmuser3\n\"/atlas\" srmuser2\n", null);
        assertEquals(Optional.empty(), account(m, client(JANE, "/cmsx/Role=NULL")));
        assertEquals(Optional.empty(), account(m, client(JANE, "/atlas/sub")));
        assertEquals(Optional.empty(), account(m, client(JANE, "/dteam", "/cms")), "a secondary FQAN decided");
        assertEquals(Optional.empty(), account(m, client(JANE)));
        assertEquals(Optional.of("srmuser2"), account(m, client(JANE, "/atlas/Role=NULL/Capability=NULL")));
    }

    @Test
    void poolAccountsAreLeasedOncePerDnAndRunOut() throws Exception {
        Path gridmapdir = Files.createDirectory(dir.resolve("gridmapdir"));
        Files.createFile(gridmapdir.resolve("pool01"));
        Files.createFile(gridmapdir.resolve("pool02"));
        VomsMapMapper m = mapper("\"/atlas/*\" .pool\n", gridmapdir);
        String jane = account(m, client(JANE, "/atlas")).orElseThrow();
        String john = account(m, client(JOHN, "/atlas/Role=production")).orElseThrow();
        assertNotEquals(jane, john);
        assertEquals(jane, account(m, client(JANE, "/atlas/higgs")).orElseThrow());
        VomsMapMapper restarted = mapper("\"/atlas/*\" .pool\n", gridmapdir);
        assertEquals(john, account(restarted, client(JOHN, "/atlas")).orElseThrow(), "the lease is on disk");
        SrmException e = assertThrows(SrmException.class,
                () -> restarted.map(client("/DC=org/CN=Third", "/atlas")));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        assertTrue(e.getMessage().contains("no free account"), e.getMessage());
    }

    @Test
    void aPoolWithoutGridmapdirIsRefused() throws Exception {
        VomsMapMapper m = mapper("\"/atlas/*\" .atlas\n", null);
        SrmException e = assertThrows(SrmException.class, () -> m.map(client(JANE, "/atlas")));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
    }

    @Test
    void malformedLinesAreClearErrors() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> mapper("\"/cms/*\" srmuser1\n/cms srmuser2\n", null));
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> mapper("\"/cms\" \"srmuser1\"\n", null));
        assertThrows(IllegalArgumentException.class, () -> mapper("\"/cms\" 12345\n", null));
    }
}
