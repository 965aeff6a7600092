package org.opensrm.authz.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GridMapParserTest {
    private static final Path FILE = Path.of("grid-mapfile");

    private static GridMap parse(String content) throws MalformedFileException {
        return new GridMapParser().parse(FILE, content);
    }

    private static Optional<List<String>> dn(GridMap map, String dn) {
        return map.accountsForDn(dn);
    }

    @Test
    void doubleQuotedDnWithOneAccount() throws Exception {
        GridMap map = parse("\"/DC=org/DC=example/CN=Jane Doe\" jane\n");
        assertEquals(Optional.of(List.of("jane")), dn(map, "/DC=org/DC=example/CN=Jane Doe"));
        assertEquals(Optional.empty(), dn(map, "/DC=org/DC=example/CN=John Doe"));
    }

    @Test
    void singleQuotedAndUnquotedDns() throws Exception {
        GridMap map = parse("'/DC=org/CN=Single Quoted' one\n/DC=org/CN=Not Quoted  Two Spaces   two\n");
        assertEquals(Optional.of(List.of("one")), dn(map, "/DC=org/CN=Single Quoted"));
        assertEquals(Optional.of(List.of("two")), dn(map, "/DC=org/CN=Not Quoted  Two Spaces"));
        GridMap apostrophe = parse("/DC=org/CN=Pat O'Brien obrien\n");
        assertEquals(Optional.of(List.of("obrien")), dn(apostrophe, "/DC=org/CN=Pat O'Brien"));
    }

    @Test
    void backslashEscapesInsideQuotes() throws Exception {
        GridMap map = parse("\"/DC=org/CN=Jane \\\"JD\\\" Doe\\\\x\" jane\n'/CN=O\\'Brien' obrien\n");
        assertEquals(Optional.of(List.of("jane")), dn(map, "/DC=org/CN=Jane \"JD\" Doe\\x"));
        assertEquals(Optional.of(List.of("obrien")), dn(map, "/CN=O'Brien"));
    }

    @Test
    void severalAccountsDefaultFirst() throws Exception {
        GridMap map = parse("\"/CN=Multi\" first,second, third\n");
        assertEquals(Optional.of(List.of("first", "second", "third")), dn(map, "/CN=Multi"));
    }

    @Test
    void commentsBlankLinesCrLfAndIndentation() throws Exception {
        GridMap map = parse("# a comment \"with quote\n\n   \r\n  \"/CN=A\" a\r\n\t# indented comment\n\"/CN=B\" b");
        assertEquals(2, map.size());
        assertEquals(Optional.of(List.of("a")), dn(map, "/CN=A"));
        assertEquals(Optional.of(List.of("b")), dn(map, "/CN=B"));
    }

    @Test
    void dnsCompareCaseInsensitively() throws Exception {
        GridMap map = parse("\"/DC=org/DC=Example/CN=Jane Doe\" jane\n");
        assertEquals(Optional.of(List.of("jane")), dn(map, "/dc=ORG/dc=example/cn=JANE DOE"));
    }

    @Test
    void emailAttributeSpellingsAreTheSame() throws Exception {
        GridMap map = parse("\"/C=US/O=Lab/CN=Jane/Email=jane@example.org\" jane\n"
                + "\"/C=US/O=Lab/CN=John/emailAddress=john@example.org\" john\n");
        for (String spelling : List.of("Email", "E", "emailAddress", "EMAILADDRESS", "e")) {
            String jane = "/C=US/O=Lab/CN=Jane/" + spelling + "=jane@example.org";
            String john = "/C=US/O=Lab/CN=John/" + spelling + "=john@example.org";
            assertEquals(Optional.of(List.of("jane")), dn(map, jane), jane);
            assertEquals(Optional.of(List.of("john")), dn(map, john), john);
        }
    }

    @Test
    void firstOfTwoLinesForOneDnWins() throws Exception {
        GridMap map = parse("\"/CN=Twice\" early\n\"/cn=twice\" late\n");
        assertEquals(Optional.of(List.of("early")), dn(map, "/CN=Twice"));
    }

    @Test
    void voRoleMapLinesAndAnyDn() throws Exception {
        GridMap map = parse("\"/CN=Jane\" \"/atlas/Role=production\" atlasprod\n"
                + "* \"/atlas\" atlasuser\n"
                + "\"*\" \"/cms/Role=NULL/Capability=NULL\" cmsuser\n"
                + "/CN=Unquoted Dn \"/lhcb\" lhcbuser\n");
        assertEquals(Optional.of(List.of("atlasprod")), map.accountsForFqan("/CN=Jane", "/atlas/Role=production"));
        assertEquals(Optional.empty(), map.accountsForFqan("/CN=John", "/atlas/Role=production"));
        assertEquals(Optional.of(List.of("atlasuser")), map.accountsForFqan("/CN=John", "/atlas"));
        assertEquals(Optional.of(List.of("atlasuser")),
                map.accountsForFqan("/CN=John", "/atlas/Role=NULL/Capability=NULL"));
        assertEquals(Optional.of(List.of("cmsuser")), map.accountsForFqan("/CN=Any", "/cms"));
        assertEquals(Optional.of(List.of("lhcbuser")), map.accountsForFqan("/cn=unquoted dn", "/lhcb"));
        assertEquals(Optional.empty(), dn(map, "/CN=Jane"), "vorolemap lines are not DN lines");
    }

    @Test
    void fqanNormalisation() {
        assertEquals("/atlas", Fqans.normalize("/atlas/Role=NULL/Capability=NULL"));
        assertEquals("/atlas/higgs", Fqans.normalize("/atlas/higgs/Role=NULL"));
        assertEquals("/atlas/Role=pilot", Fqans.normalize("/atlas/Role=pilot/Capability=NULL"));
        assertEquals("/atlas/Role=pilot", Fqans.normalize("/atlas/Role=pilot"));
    }

    @Test
    void unparseableLinesFailTheWholeFileWithTheLineNumber() {
        assertMalformed(3, "\"/CN=A\" a\n# fine\n\"/CN=Half written");
        assertMalformed(1, "'/CN=A\" a");
        assertMalformed(2, "\"/CN=A\" a\n\"/CN=B\"\n");
        assertMalformed(1, "\"/CN=A\" a b");
        assertMalformed(1, "\"/CN=A\"a");
        assertMalformed(1, "\"\" a");
        assertMalformed(1, "\"/CN=A\" -rf");
        assertMalformed(1, "\"/CN=A\" 0");
        assertMalformed(1, "\"/CN=A\" a,,b");
        assertMalformed(1, "* nobody");
        assertMalformed(1, "\"/CN=A\" \"atlas\" a");
        assertMalformed(1, "justoneword");
        assertMalformed(1, "\"/CN=A\" \"/atlas\"");
    }

    private static void assertMalformed(int line, String content) {
        MalformedFileException e = assertThrows(MalformedFileException.class, () -> parse(content), content);
        assertEquals(line, e.lineNumber(), e.getMessage());
        assertTrue(e.getMessage().startsWith("line " + line + ": "), e.getMessage());
    }

    @Test
    void anFqanWithoutADnIsNotUsedAndWarnedAboutWithItsLineNumber() throws Exception {
        List<String> warnings = new java.util.ArrayList<>();
        GridMap map = new GridMapParser(warnings::add).parse(FILE, "# VOs\n\"/DC=org/CN=Jane\" jane\n"
                + "\"/cms/Role=production/Capability=NULL\" cmsprd\n/atlas atlas001\n"
                + "\"/DC=org/CN=Jane\" \"/cms/Role=pilot\" cmspil\n");
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("grid-mapfile line 3: '/cms/Role=production/Capability=NULL' is a VOMS"
                + " FQAN"), warnings.get(0));
        assertTrue(warnings.get(1).startsWith("grid-mapfile line 4: '/atlas'"), warnings.get(1));
        assertEquals(Optional.of(List.of("jane")), dn(map, "/DC=org/CN=Jane"));
        assertEquals(Optional.of(List.of("cmspil")), map.accountsForFqan("/DC=org/CN=Jane", "/cms/Role=pilot"));
        assertEquals(2, map.size(), "the FQAN-only lines are not in the map");
    }
}
