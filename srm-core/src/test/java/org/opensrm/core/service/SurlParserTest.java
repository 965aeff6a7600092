package org.opensrm.core.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

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
}
