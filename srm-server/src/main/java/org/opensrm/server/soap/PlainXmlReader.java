package org.opensrm.server.soap;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A strict pull reader of XML as real clients write it — start tags with their attributes, end tags, the text
 * between tags — straight from the body's bytes, for {@link PlainRequests}. It reads less than XML on purpose and
 * gives up ({@code null} or {@code false}) on anything else, so that the caller hands the body to a real parser:
 * a reference ({@code &...;}); CDATA, a comment, a DOCTYPE, a processing instruction (but for an XML 1.0, UTF-8
 * declaration at the very start); a name that is not a plain ASCII (prefixed) name; an attribute twice on one tag;
 * in a text or attribute value anything but printable ASCII other than {@code & < >} (a parser would change or
 * refuse tab, LF, CR or {@code ]]>}; a byte beyond ASCII needs decoding); outside them anything but white space.
 */
final class PlainXmlReader {
    /** An attribute as written: its qualified name and its value between the quotes. */
    record Attribute(String name, String value) {
    }

    /**
     * A start tag.
     *
     * @param name  its qualified name as written
     * @param empty whether it ends in {@code />} (no content and no end tag follow)
     */
    record Tag(String name, List<Attribute> attributes, boolean empty) {
    }

    private static final Pattern DECLARATION = Pattern.compile("<\\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*"
            + "(\"1\\.0\"|'1\\.0')([ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(\"(?i:utf-8)\"|'(?i:utf-8)'))?"
            + "([ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(\"(yes|no)\"|'(yes|no)'))?[ \t\r\n]*\\?>");
    /** What gfal2 writes; any other declaration is matched against {@link #DECLARATION}. */
    private static final String USUAL_DECLARATION = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>";

    /** What each ASCII byte may be: a bit set of {@link #TEXT}, {@link #NAME_START}, {@link #NAME}. */
    private static final byte[] KINDS = new byte[128];
    /** Allowed as it stands in a text or attribute value: printable ASCII but {@code & < >}. */
    private static final byte TEXT = 1;
    private static final byte NAME_START = 2;
    private static final byte NAME = 4;

    static {
        for (int c = 0x20; c < 0x7f; c++) {
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
            boolean name = letter || (c >= '0' && c <= '9') || c == '.' || c == '-';
            KINDS[c] = (byte) ((c == '&' || c == '<' || c == '>' ? 0 : TEXT) | (letter ? NAME_START : 0)
                    | (name ? NAME : 0));
        }
    }

    private final byte[] b;
    private int at;

    private PlainXmlReader(byte[] body) {
        this.b = body;
    }

    /** A reader of {@code body} past its XML declaration, or null when the body holds what this reader leaves. */
    static PlainXmlReader of(byte[] body) {
        PlainXmlReader in = new PlainXmlReader(body);
        if (in.startsWith(USUAL_DECLARATION)) {
            in.at = USUAL_DECLARATION.length();
        } else if (in.startsWith("<?xml")) {
            int end = in.indexOf("?>", 0);
            if (end < 0 || !DECLARATION.matcher(in.string(0, end + 2)).matches()) {
                return null;
            }
            in.at = end + 2;
        }
        return in;
    }

    /** The next start tag (white space before it skipped), or null when what follows is anything else. */
    Tag startTag() {
        skipSpace();
        if (!startsWith("<") || at + 1 >= b.length || b[at + 1] == '/' || b[at + 1] == '!' || b[at + 1] == '?') {
            return null;
        }
        at++;
        String name = name();
        if (name == null) {
            return null;
        }
        List<Attribute> attributes = List.of(); // most tags have none
        while (at < b.length) {
            boolean spaced = skipSpace();
            if (startsWith(">") || startsWith("/>")) {
                boolean empty = b[at] == '/';
                at += empty ? 2 : 1;
                return new Tag(name, attributes, empty);
            }
            Attribute attribute = spaced ? attribute() : null;
            if (attribute == null || named(attributes, attribute.name())) {
                return null;
            }
            if (attributes.isEmpty()) {
                attributes = new ArrayList<>(6);
            }
            attributes.add(attribute);
        }
        return null;
    }

    /** Whether the end tag of {@code name} follows (white space before it skipped); it is read if so. */
    boolean endTag(String name) {
        skipSpace();
        if (!startsWith("</") || !startsWith(at + 2, name)) {
            return false;
        }
        at += 2 + name.length();
        skipSpace();
        if (!startsWith(">")) {
            return false;
        }
        at++;
        return true;
    }

    /** Whether an end tag follows, after white space (which is skipped); nothing else is read. */
    boolean atEndTag() {
        skipSpace();
        return startsWith("</");
    }

    /** The text up to the next tag, or null when it holds anything but printable ASCII other than {@code & >}. */
    String text() {
        int start = at;
        while (at < b.length && b[at] != '<') {
            if (!is(b[at], TEXT)) {
                return null;
            }
            at++;
        }
        return string(start, at);
    }

    private static boolean named(List<Attribute> attributes, String name) {
        for (Attribute a : attributes) {
            if (a.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** Whether only white space is left. */
    boolean atEnd() {
        skipSpace();
        return at == b.length;
    }

    /** The local part of a qualified name. */
    static String localName(String name) {
        return name.substring(name.indexOf(':') + 1);
    }

    /** The prefix of a qualified name; empty when it has none. */
    static String prefix(String name) {
        int colon = name.indexOf(':');
        return colon < 0 ? "" : name.substring(0, colon);
    }

    private Attribute attribute() {
        String name = name();
        skipSpace();
        if (name == null || !startsWith("=")) {
            return null;
        }
        at++;
        skipSpace();
        if (at >= b.length || (b[at] != '"' && b[at] != '\'')) {
            return null;
        }
        byte quote = b[at];
        int start = ++at;
        while (at < b.length && b[at] != quote) {
            if (!is(b[at], TEXT)) {
                return null;
            }
            at++;
        }
        if (at >= b.length) {
            return null;
        }
        return new Attribute(name, string(start, at++));
    }

    /**
     * A qualified name up to white space, {@code =}, {@code /} or {@code >}; null when it is not a plain one: an
     * ASCII letter or {@code _}, then letters, digits, {@code .}, {@code -} or {@code _}, once more after one colon.
     */
    private String name() {
        int start = at;
        boolean first = true;
        boolean prefixed = false;
        for (; at < b.length && !space(b[at]) && b[at] != '=' && b[at] != '/' && b[at] != '>'; at++) {
            byte c = b[at];
            if (c == ':' && !first && !prefixed) {
                prefixed = true;
                first = true;
            } else if (is(c, first ? NAME_START : NAME)) {
                first = false;
            } else {
                return null;
            }
        }
        return first ? null : string(start, at);
    }

    private static boolean is(byte c, byte kind) {
        return c >= 0 && (KINDS[c] & kind) != 0;
    }

    private boolean skipSpace() {
        int start = at;
        while (at < b.length && space(b[at])) {
            at++;
        }
        return at > start;
    }

    /** Whether {@code c} is XML white space. */
    static boolean space(byte c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    private String string(int from, int to) {
        return new String(b, from, to - from, StandardCharsets.US_ASCII);
    }

    private int indexOf(String s, int from) {
        for (int i = from; i + s.length() <= b.length; i++) {
            if (startsWith(i, s)) {
                return i;
            }
        }
        return -1;
    }

    private boolean startsWith(String s) {
        return startsWith(at, s);
    }

    private boolean startsWith(int i, String s) {
        return startsWith(b, i, s);
    }

    /** Whether the bytes {@code b} hold the ASCII string {@code s} from {@code i} on. */
    static boolean startsWith(byte[] b, int i, String s) {
        if (i + s.length() > b.length) {
            return false;
        }
        for (int k = 0; k < s.length(); k++) {
            if (b[i + k] != s.charAt(k)) {
                return false;
            }
        }
        return true;
    }
}
