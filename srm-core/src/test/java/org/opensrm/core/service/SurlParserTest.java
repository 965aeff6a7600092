package org.opensrm.core.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.PathPolicy;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Surl;

class SurlParserTest {
    private final SurlParser parser = new SurlParser(List.of("srm.example.org", "SRM-Alias.Example.org"));

    private String parse(String surl) throws SrmException {
        return parser.parse(surl).toString();
    }

    private SrmException refused(String surl) {
        SrmException e = assertThrows(SrmException.class, () -> parser.parse(surl), () -> "accepted: " + surl);
        assertEquals(SrmStatus.SRM_INVALID_PATH, e.status(), surl);
        return e;
    }

    @Test
    void shortFormGivesThePath() throws Exception {
        assertEquals("/data/run1/file.root", parse("srm://srm.example.org/data/run1/file.root"));
        assertEquals("/data/run1/file.root", parse("srm://srm.example.org:8446/data/run1/file.root"));
        assertEquals("/", parse("srm://srm.example.org"));
        assertEquals("/", parse("srm://srm.example.org/"));
    }

    @Test
    void longFormWithManagerv2GivesTheSfnPath() throws Exception {
        assertEquals("/data/f", parse("srm://srm.example.org:8443/srm/managerv2?SFN=/data/f"));
        assertEquals("/data/f", parse("srm://srm.example.org/srm/managerv2?SFN=/data/f"));
    }

    @Test
    void longFormWithBestmanServicePathGivesTheSfnPath() throws Exception {
        assertEquals("/data/f", parse("srm://srm.example.org:8443/srm/v2/server?SFN=/data/f"));
    }

    @Test
    void sfnIsFoundCaseInsensitivelyAndAmongOtherParameters() throws Exception {
        assertEquals("/data/f", parse("srm://srm.example.org:8443/srm/managerv2?sfn=/data/f"));
        assertEquals("/data/f", parse("srm://srm.example.org:8443/srm/managerv2?x=1&SFN=/data/f"));
        assertEquals("/data/f", parse("srm://srm.example.org:8443/srm/managerv2?SFN=/data/f&x=1"));
    }

    @Test
    void hostAndSchemeAreComparedCaseInsensitively() throws Exception {
        assertEquals("/data/f", parse("SRM://SRM.EXAMPLE.ORG/data/f"));
        assertEquals("/data/f", parse("srm://srm-alias.example.ORG:8443/srm/managerv2?SFN=/data/f"));
    }

    @Test
    void everyAliasIsServed() throws Exception {
        assertEquals("/a", parse("srm://srm-alias.example.org/a"));
    }

    @Test
    void otherHostIsAnInvalidPathNamingTheHost() {
        SrmException e = refused("srm://other.example.org/data/f");
        assertTrue(e.getMessage().contains("other.example.org"), e.getMessage());
        refused("srm://srm.example.org.evil.net/data/f");
        refused("srm://example.org:8443/srm/managerv2?SFN=/data/f");
    }

    @Test
    void percentEscapesAreKeptLiterally() throws Exception {
        SrmPath p = parser.parse("srm://srm.example.org/data/a%2Fb");
        assertEquals(List.of("data", "a%2Fb"), p.segments());
        assertEquals("a%20b", parser.parse("srm://srm.example.org:8443/srm/managerv2?SFN=/data/a%20b").name());
        assertEquals("%2e%2e", parser.parse("srm://srm.example.org/data/%2e%2e").name());
    }

    @ParameterizedTest
    @ValueSource(strings = {"srm://srm.example.org/data/../etc/passwd", "srm://srm.example.org/..",
            "srm://srm.example.org:8443/srm/managerv2?SFN=/data/../../etc", "srm://srm.example.org/data/./f",
            "srm://srm.example.org/srm/managerv2?SFN=.."})
    void dotSegmentsAreRefused(String surl) {
        refused(surl);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "garbage", "http://srm.example.org/data/f", "srm:/srm.example.org/data",
            "srm://", "srm:///data/f", "srm://srm.example.org:http/data/f", "srm://srm.example.org?x=1",
            "gsiftp://srm.example.org/data/f", "srm://:8443/data/f"})
    void emptyOrMalformedSurlIsAnInvalidPath(String surl) {
        refused(surl);
    }

    @Test
    void nullSurlIsAnInvalidPath() {
        assertEquals(SrmStatus.SRM_INVALID_PATH, assertThrows(SrmException.class, () -> parser.parse(null)).status());
    }

    @Test
    void questionMarkInAShortFormNameIsPartOfTheName() throws Exception {
        // gfal2 sends names decoded, so a '?' without SFN= belongs to the file name
        assertEquals("what?.txt", parser.parse("srm://srm.example.org/data/what?.txt").name());
    }

    @Test
    void repeatedSlashesAreFolded() throws Exception {
        assertEquals("/data/f", parse("srm://srm.example.org//data//f/"));
        assertEquals("/data/f", parse("srm://srm.example.org:8443/srm/managerv2?SFN=data/f"));
    }

    @Test
    void aSurlReadAtIntakeKeepsTheTextAsSentAndCarriesItsPathSoThatItIsNotReadAgain() throws Exception {
        CountingSurlParser counting = new CountingSurlParser(List.of("srm.example.org"));
        String sent = "srm://SRM.example.org:8443/srm/managerv2?SFN=/data//run1/f.root";
        Surl read = counting.read(sent, new Caller(ClientIdentity.of("/CN=Alice"), LocalAccounts.SRMUSER1),
                PathPolicy.Access.READ);
        assertEquals(1, counting.reads());
        assertEquals(sent, read.text(), "the text is kept byte for byte, to be echoed");
        assertEquals(sent, read.toString());
        assertEquals(SrmPath.of("/data/run1/f.root"), read.path().orElseThrow());
        assertEquals(SrmPath.of("/data/run1/f.root"), counting.pathOf(read));
        assertEquals(1, counting.reads(), "the path travels with the SURL");
    }

    @Test
    void aSurlLoadedAsTextIsReadWhenItsPathIsAskedFor() throws Exception {
        CountingSurlParser counting = new CountingSurlParser(List.of("srm.example.org"));
        Surl loaded = Surl.unread("srm://srm.example.org/data/f");
        assertTrue(loaded.path().isEmpty());
        assertEquals(SrmPath.of("/data/f"), counting.pathOf(loaded));
        assertEquals(1, counting.reads());
        SrmException e = assertThrows(SrmException.class,
                () -> counting.pathOf(Surl.unread("srm://elsewhere.org/data/f")));
        assertEquals(SrmStatus.SRM_INVALID_PATH, e.status());
    }

    @Test
    void aSurlIsEqualToTheSameTextLoadedFromAStore() throws Exception {
        Surl read = Surl.read("srm://srm.example.org/data/f", SrmPath.of("/data/f"));
        assertEquals(Surl.unread("srm://srm.example.org/data/f"), read);
        assertEquals(Surl.unread("srm://srm.example.org/data/f").hashCode(), read.hashCode());
        assertNotEquals(Surl.unread("srm://srm.example.org/data//f"), read, "the text as sent is what counts");
    }

    @Test
    void aSurlTheCallersPolicyRefusesIsNotRead() {
        Caller scoped = new Caller(ClientIdentity.of("/CN=Alice"), LocalAccounts.SRMUSER1,
                (access, path) -> {
                    throw SrmException.denied("not in scope: " + path);
                }, "alice");
        SrmException e = assertThrows(SrmException.class,
                () -> parser.read("srm://srm.example.org/data/f", scoped, PathPolicy.Access.READ));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
    }
}
