package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The fault wordings the JAX-WS RI produced in {@link BadInputTest}, cleaned of Java class names. */
class FaultReasonsTest {
    private static String clean(String faultstring) {
        String fault = "<S:Fault><faultcode>S:Server</faultcode><faultstring>" + faultstring
                + "</faultstring></S:Fault>";
        String out = new String(FaultReasons.withoutJavaNames(fault.getBytes(StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8);
        return out.substring(out.indexOf("<faultstring>") + 13, out.indexOf("</faultstring>"));
    }

    @Test
    void bracketedClassNameIsDropped() {
        assertEquals("Undeclared general entity \"x\"\n at [row,col {unknown-source}]: [2,500]",
                clean("[org.apache.hadoop.shaded.com.ctc.wstx.exc.WstxLazyException] Undeclared general entity \"x\"\n"
                        + " at [row,col {unknown-source}]: [2,500]"));
    }

    @Test
    void linkedExceptionKeepsTheCauseMessage() {
        assertEquals("Unexpected close tag &lt;/a>; expected &lt;/b>.\n at [row,col {unknown-source}]: [2,465]",
                clean("jakarta.xml.bind.UnmarshalException\n - with linked exception:\n"
                        + "[com.ctc.wstx.exc.WstxParsingException: Unexpected close tag &lt;/a>; expected &lt;/b>.\n"
                        + " at [row,col {unknown-source}]: [2,465]]"));
    }

    @Test
    void bareClassNameBecomesAPlainReason() {
        assertEquals(FaultReasons.PLAIN_REASON, clean("jakarta.xml.bind.UnmarshalException"));
    }

    @Test
    void prefixedClassNameIsDropped() {
        assertEquals("Received non-all-whitespace CHARACTERS or CDATA event in nextTag().",
                clean("org.apache.hadoop.shaded.com.ctc.wstx.exc.WstxParsingException: Received non-all-whitespace "
                        + "CHARACTERS or CDATA event in nextTag()."));
    }

    @Test
    void answersWithoutFaultsAreUntouched() {
        byte[] answer = "<statusCode>SRM_SUCCESS</statusCode><explanation>java.lang.Whatever</explanation>"
                .getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(answer, FaultReasons.withoutJavaNames(answer));
    }
}
