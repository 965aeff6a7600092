package org.opensrm.authz.token;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.authz.AccountResolver;
import org.opensrm.authz.Authorizers;
import org.opensrm.authz.BanList;
import org.opensrm.authz.BearerToken;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.Decision;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.authz.contract.IdCommand;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/**
 * Issue 22, point 13: the ban list names a token subject ({@code token ISSUER SUBJECT}) next to its DN and FQAN
 * lines, which keep their meaning; and {@code storage.stage} opens bring-online (and reading) under its path, which
 * {@code storage.read} does not.
 */
class TokenSubjectBanAndStageScopeTest {
    @TempDir
    Path dir;
    TokenFixture issuer;
    String account;

    @BeforeEach
    void setUp() throws Exception {
        issuer = new TokenFixture(dir, "k1");
        account = IdCommand.account("srmuser1").name();
    }

    private Decision decide(Path banList, String token) throws SrmException {
        return Authorizers.chain(BanList.fromFile(banList, Duration.ZERO),
                List.of(new TokenMapper(issuer.config("/", account, null))), AccountResolver.system())
                .decide(ClientIdentity.of(new BearerToken(token)));
    }

    @Test
    void aBannedTokenSubjectIsRefusedAndOtherSubjectsAndDnLinesAreUnchanged() throws Exception {
        Path banList = Files.writeString(dir.resolve("ban-list"), "# DN and FQAN lines as before\n"
                + "\"/DC=org/DC=test/CN=Mallory\"\n/cms/Role=pilot\n"
                + "token " + TokenFixture.ISS + " mallory-sub\n"
                + "token \"" + TokenFixture.ISS + "\" \"sub with space\"\n");
        SrmException e = assertThrows(SrmException.class, () -> decide(banList, issuer.token("mallory-sub", null)));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        assertEquals("token subject mallory-sub of issuer " + TokenFixture.ISS + " is banned", e.getMessage());
        assertThrows(SrmException.class, () -> decide(banList, issuer.token("sub with space", null)));
        assertEquals(account, decide(banList, issuer.token("alice-sub", null)).account().name());

        BanList bans = BanList.fromFile(banList, Duration.ZERO);
        assertTrue(bans.banOf(ClientIdentity.of("/DC=org/DC=test/CN=Mallory")).isPresent());
        assertTrue(bans.banOf(new ClientIdentity("/DC=org/DC=test/CN=Jane", "", List.of("/cms/Role=pilot")))
                .isPresent());
        assertTrue(bans.banOfToken("https://elsewhere.test/", "mallory-sub").isEmpty(), "the issuer is part of it");
    }

    @Test
    void aTokenBanLineWithoutSubjectIsRefusedWithItsLineNumber() throws Exception {
        Path banList = Files.writeString(dir.resolve("ban-list"), "/DC=org/CN=x\ntoken " + TokenFixture.ISS + "\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BanList.fromFile(banList, Duration.ZERO));
        assertTrue(e.getMessage().contains("line 2") && e.getMessage().contains("token ISSUER SUBJECT"),
                e.getMessage());
    }

    @Test
    void storageStageOpensBringOnlineAndReadingButStorageReadDoesNotStage() throws Exception {
        Path none = Files.writeString(dir.resolve("empty"), "");
        SrmPath file = SrmPath.of("/data/f");
        Decision stage = decide(none, issuer.token("s", "storage.stage:/data"));
        stage.paths().check(Access.STAGE, file);
        stage.paths().check(Access.READ, file);
        assertThrows(SrmException.class, () -> stage.paths().check(Access.STAGE, SrmPath.of("/other/f")));
        assertThrows(SrmException.class, () -> stage.paths().check(Access.CREATE, file));

        Decision read = decide(none, issuer.token("r", "storage.read:/data"));
        read.paths().check(Access.READ, file);
        SrmException e = assertThrows(SrmException.class, () -> read.paths().check(Access.STAGE, file));
        assertEquals("the token's scopes do not allow stage on /data/f", e.getMessage());
    }
}
