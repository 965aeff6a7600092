package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import org.opensrm.client.HttpgResponse;

/** Assertions every answer of the SOAP edge must satisfy, whatever it was sent. */
final class SoapAnswers {
    /** A Java stack frame or a Java exception/error class name. */
    private static final Pattern JAVA_INTERNALS = Pattern.compile(
            "\\bat [\\w$]+(?:\\.[\\w$]+)+\\(" // a stack frame
                    + "|\\w*Exception\\b|\\w+Error\\b" // exception and error class names
                    + "|\\b(?:org\\.opensrm|java\\.lang|java\\.io|com\\.sun|jakarta\\.xml)\\."); // packages

    private SoapAnswers() {
    }

    /** HTTP 200 with an SRM status or HTTP 500 with a SOAP fault that gives a reason; no Java internals. */
    static void assertStatusOrFault(HttpgResponse r) {
        assertNoJavaInternals(r);
        if (r.status() == 200) {
            assertNotNull(r.text("Envelope/Body"), r::toString);
            assertTrue(r.text("returnStatus/statusCode") != null || r.text("srmPingResponse/versionInfo") != null,
                    r::toString);
        } else {
            assertEquals(500, r.status(), r::toString);
            assertFault(r);
        }
    }

    static void assertFault(HttpgResponse r) {
        assertEquals(500, r.status(), r::toString);
        String reason = r.text("Envelope/Body/Fault/faultstring");
        assertNotNull(reason, r::toString);
        assertFalse(reason.isBlank(), r::toString);
    }

    static void assertNoJavaInternals(HttpgResponse r) {
        String body = r.bodyText();
        assertFalse(JAVA_INTERNALS.matcher(body).find(), () -> "Java internals in the answer: " + r);
        assertFalse(body.contains("\tat "), () -> "stack trace in the answer: " + r);
    }
}
