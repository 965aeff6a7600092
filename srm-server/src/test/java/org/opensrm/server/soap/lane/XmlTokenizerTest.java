package org.opensrm.server.soap.lane;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one tokenizer's grammar: what it reads (as a namespace-aware parser reads it) and what it leaves to the
 * parser. {@code PlainBodyTest} and {@code PlainBodyFuzzTest} hold the whole reading to the parser's and JAXB's.
 */
class XmlTokenizerTest {
    private static XmlTokenizer of(String xml) {
        return XmlTokenizer.of(xml.getBytes(StandardCharsets.UTF_8), RequestScan::isArrayItem);
    }

    /** Whether the tokenizer reads {@code xml} to its end, every element and text. */
    private static boolean readsToTheEnd(String xml) {
        XmlTokenizer in = of(xml);
        if (in == null) {
            return false;
        }
        while (!in.atEnd()) {
            if (in.depth() > 0 && in.skipText() == XmlTokenizer.UNREADABLE) {
                return false;
            }
            if (in.atEndTag() ? !in.endTag() : in.startTag() == null) {
                return false;
            }
        }
        return true;
    }

    @Test
    void readsTagsTheirNamespacesAndTheText() {
        XmlTokenizer in = of("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<e:Envelope xmlns:e=\"urn:e\" "
                + "xmlns:x='urn:x'><e:Body x:a=\"1\"><x:op><part><urlArray>srm://h/p?SFN=/a b</urlArray>"
                + "<empty/></part></x:op></e:Body></e:Envelope>\n");
        XmlTokenizer.Tag envelope = in.startTag();
        assertEquals("Envelope", envelope.localName());
        assertEquals("urn:e", envelope.namespace());
        assertEquals(List.of(), envelope.attributes());
        XmlTokenizer.Tag body = in.startTag();
        assertEquals(List.of(new XmlTokenizer.Attribute("x:a", "a", "urn:x", "1")), body.attributes());
        assertEquals("urn:x", in.startTag().namespace());
        XmlTokenizer.Tag part = in.startTag();
        assertEquals("", part.namespace());
        assertEquals("part", part.name());
        in.startTag();
        assertEquals("srm://h/p?SFN=/a b", in.text());
        assertTrue(in.endTag());
        assertTrue(in.startTag().empty());
        assertEquals(4, in.depth());
        for (int i = 0; i < 4; i++) {
            assertTrue(in.endTag());
        }
        assertTrue(in.atEnd());
        assertEquals(1, in.counted());
    }

    @Test
    void declarationsHoldInsideTheirElementOnly() {
        XmlTokenizer in = of("<a><b xmlns:p=\"urn:p\"><p:c/></b><p:d/></a>");
        in.startTag();
        in.startTag();
        assertEquals("urn:p", in.startTag().namespace());
        assertTrue(in.endTag());
        assertNull(in.startTag(), "p is not declared here");
        XmlTokenizer empty = of("<a><b xmlns:p=\"urn:p\"/><p:d/></a>");
        empty.startTag();
        assertNotNull(empty.startTag());
        assertNull(empty.startTag(), "p was declared on an empty element only");
    }

    @Test
    void plainDocumentsAreReadToTheEnd() {
        for (String xml : List.of("<a/>", " <a></a> \n", "<a>t<b>u</b>\n\t<c x='1' y=\"2\"/></a>",
                "<?xml version='1.0' standalone='yes'?><a/>", "<p:a xmlns:p=\"urn:p\" p:x=\"1\" y=\"2\"></p:a >",
                "<a\n>text</a\r\n>")) {
            assertTrue(readsToTheEnd(xml), xml);
        }
    }

    @Test
    void whatAParserMustJudgeIsLeftToIt() {
        for (String xml : List.of("", "text", "<a>", "<a></b>", "<a></a><b/>", "<a/>x", "<a><!-- c --></a>",
                "<?pi x?><a/>", "<!DOCTYPE a><a/>", "<a><![CDATA[x]]></a>", "<a>&amp;</a>", "<a x=\"&lt;\"/>",
                "<a>\u00e9</a>", "<a>x > y</a>", "<a>\u0001</a>", "<a x=\"\t\"/>", "<p:a/>", "<a p:x=\"1\"/>",
                "<a xmlns=\"urn:d\"/>", "<a xmlns:p=\"\"/>", "<a xmlns:xml=\"http://www.w3.org/XML/1998/namespace\"/>",
                "<a xmlns:p=\"http://www.w3.org/2000/xmlns/\"/>", "<xml:a/>", "<a xml:lang=\"en\"/>",
                "<a x=\"1\" x=\"2\"/>", "<a xmlns:p=\"urn:1\" xmlns:q=\"urn:1\" p:x=\"1\" q:x=\"2\"/>",
                "<a x=\"1\"y=\"2\"/>", "<1a/>", "<a:b:c xmlns:a=\"urn:a\"/>", "<a x=1/>", "\uFEFF<a/>",
                "<?xml version=\"1.1\"?><a/>", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>",
                " <?xml version=\"1.0\"?><a/>", "<" + "n".repeat(XmlTokenizer.MAX_NAME + 1) + "/>",
                "<a>".repeat(XmlTokenizer.MAX_DEPTH + 1) + "</a>".repeat(XmlTokenizer.MAX_DEPTH + 1))) {
            assertFalse(readsToTheEnd(xml), xml);
        }
    }
}
