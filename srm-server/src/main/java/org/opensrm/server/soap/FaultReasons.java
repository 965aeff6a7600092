package org.opensrm.server.soap;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps Java internals out of SOAP faults. The JAX-WS RI words the faults it raises while reading a request
 * (malformed XML, schema mismatches) from the exception, e.g. {@code [com.ctc.wstx.exc.WstxLazyException]
 * Undeclared general entity "x"} or just {@code jakarta.xml.bind.UnmarshalException}; clients get the message
 * without the class names, or a plain reason when nothing else is left.
 */
final class FaultReasons {
    private static final Pattern FAULTSTRING = Pattern.compile("(<faultstring(?:\\s[^>]*)?>)(.*?)(</faultstring>)",
            Pattern.DOTALL);
    /** A qualified Java exception or error class name, optionally in brackets and followed by a colon. */
    private static final Pattern CLASS_NAME = Pattern.compile(
            "\\[?\\b(?:[a-zA-Z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error)\\b\\]?:?\\s*");
    /** What is left of JAXB's "UnmarshalException - with linked exception: [cause]" wording. */
    private static final Pattern LINKED = Pattern.compile("^-\\s*with linked exception:\\s*\\[?(.*?)\\]?$",
            Pattern.DOTALL);
    static final String PLAIN_REASON = "the request is not a well-formed SRM v2.2 SOAP message";

    private FaultReasons() {
    }

    /** The first {@code faultstring} of an answer, or null when it has none. */
    static String firstReason(byte[] answer) {
        Matcher m = FAULTSTRING.matcher(new String(answer, StandardCharsets.UTF_8));
        return m.find() ? m.group(2) : null;
    }

    /** {@code answer} with every {@code faultstring} cleaned; other answers unchanged. */
    static byte[] withoutJavaNames(byte[] answer) {
        String text = new String(answer, StandardCharsets.UTF_8);
        Matcher m = FAULTSTRING.matcher(text);
        if (!m.find()) {
            return answer;
        }
        StringBuilder out = new StringBuilder(text.length());
        do {
            String reason = CLASS_NAME.matcher(m.group(2)).replaceAll("").trim();
            Matcher linked = LINKED.matcher(reason);
            if (linked.matches()) {
                reason = linked.group(1).trim();
            }
            m.appendReplacement(out, Matcher.quoteReplacement(
                    m.group(1) + (reason.isEmpty() ? PLAIN_REASON : reason) + m.group(3)));
        } while (m.find());
        m.appendTail(out);
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }
}
