package org.opensrm.server.soap.lane;

import java.util.Optional;

/**
 * The one reading of a body without a parser ({@link XmlTokenizer}): from beginning to end, it finds what
 * {@link RequestScan#parse} finds with a parser — the Body's first element, the array items, the first mistyped
 * value — and, when the body is a plain call of an operation with a lane, decodes its request on the way
 * ({@link PlainRequests}). Plain is what gfal2 and ARC send: a SOAP 1.1 Envelope whose first child is the Body
 * (prefixes declared on them or on the operation's element), the operation's element in the SRM namespace as the
 * Body's only child, and its unqualified {@code ...Request} part as its only child. Anything the tokenizer or a
 * binding leaves to a parser gives {@code null}: the caller reads the whole body with the parser instead.
 */
final class PlainBody {
    private static final String SOAP_11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SRM = "http://srm.lbl.gov/StorageResourceManager";
    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";

    /** Where a plain call stands: what must come next for the decoded request to be the call's. */
    private enum Shape { ENVELOPE, BODY, OPERATION, PART, END_OPERATION, END_BODY, END_ENVELOPE, CLOSED, NOT_PLAIN }

    private final XmlTokenizer in;
    private Shape shape = Shape.ENVELOPE;
    private String operation = "";
    private boolean inBody;
    private Optional<String> mistyped = Optional.empty();
    private Object request;

    private PlainBody(XmlTokenizer in) {
        this.in = in;
    }

    /** What the body holds, or null when it uses anything this reading leaves to a parser. */
    static RequestScan.Findings read(byte[] body) {
        XmlTokenizer in = XmlTokenizer.of(body, RequestScan::isArrayItem);
        return in == null ? null : new PlainBody(in).run();
    }

    private RequestScan.Findings run() {
        while (!in.atEnd()) {
            if (in.depth() > 0) {
                int text = in.skipText();
                if (text == XmlTokenizer.UNREADABLE) {
                    return null;
                }
                if (text == XmlTokenizer.TEXT) {
                    shape = Shape.NOT_PLAIN; // a plain call has nothing but white space between its tags
                }
            }
            if (in.atEndTag()) {
                if (!in.endTag()) {
                    return null;
                }
                followEnd();
                continue;
            }
            XmlTokenizer.Tag tag = in.startTag();
            if (tag == null || !element(tag)) {
                return null;
            }
        }
        return new RequestScan.Findings(operation, in.counted(), mistyped, shape == Shape.CLOSED ? request : null);
    }

    /** Reads what follows the start tag {@code tag}, as far as this element needs; false to give up. */
    private boolean element(XmlTokenizer.Tag tag) {
        int depth = tag.empty() ? in.depth() + 1 : in.depth();
        String name = tag.localName();
        if (depth == 2 && name.equals("Body")) {
            inBody = true;
        } else if (depth == 3 && inBody && operation.isEmpty()) {
            operation = name;
        }
        if (shape == Shape.PART && tag.name().equals(operation + "Request") && tag.attributes().isEmpty()) {
            request = PlainRequests.of(operation).read(in, tag);
            shape = Shape.END_OPERATION;
            return request != null;
        }
        follow(tag);
        if (!TypedFields.has(name) || nil(tag)) {
            return true;
        }
        String text = tag.empty() ? "" : in.text();
        if (text == null || !(tag.empty() || in.endTag())) {
            return false;
        }
        if (mistyped.isEmpty()) {
            mistyped = TypedFields.judge(name, text);
        }
        return true;
    }

    /** Moves the shape of a plain call on past the start tag {@code tag}. */
    private void follow(XmlTokenizer.Tag tag) {
        boolean next = switch (shape) {
            case ENVELOPE -> tag.namespace().equals(SOAP_11) && tag.localName().equals("Envelope");
            case BODY -> tag.namespace().equals(SOAP_11) && tag.localName().equals("Body");
            case OPERATION -> tag.namespace().equals(SRM) && PlainRequests.of(tag.localName()) != null;
            default -> false;
        };
        shape = next && !tag.empty() ? Shape.values()[shape.ordinal() + 1] : Shape.NOT_PLAIN;
    }

    /** Moves the shape of a plain call on past an end tag. */
    private void followEnd() {
        boolean closing = shape == Shape.END_OPERATION || shape == Shape.END_BODY || shape == Shape.END_ENVELOPE;
        shape = closing ? Shape.values()[shape.ordinal() + 1] : Shape.NOT_PLAIN;
    }

    /** Whether {@code tag} carries {@code xsi:nil="true"}, which the parser's reading skips. */
    private static boolean nil(XmlTokenizer.Tag tag) {
        for (XmlTokenizer.Attribute a : tag.attributes()) {
            if (a.localName().equals("nil") && a.namespace().equals(XSI)) {
                return a.value().equals("true");
            }
        }
        return false;
    }
}
