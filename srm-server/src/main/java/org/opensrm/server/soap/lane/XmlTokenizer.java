package org.opensrm.server.soap.lane;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The one reader of XML without a parser: a strict, namespace-aware pull reader of XML as real clients write it —
 * start tags with their attributes, end tags, the text between tags — straight from the body's bytes. It reads less
 * than XML on purpose and gives up ({@code null}, {@code false} or {@link #UNREADABLE}) on anything else, so that the
 * caller hands the body to a real parser, which judges every case:
 * <ul>
 * <li>a reference ({@code &...;}), CDATA, a comment, a DOCTYPE, a processing instruction (but for an XML 1.0, UTF-8
 * declaration at the very start);</li>
 * <li>a name that is not a plain ASCII name with at most one prefix, or longer than {@value #MAX_NAME} bytes; an
 * element prefix or attribute prefix not declared; a declaration of the default namespace, of {@code xml} or
 * {@code xmlns}, of their namespaces or of an empty name; two attributes of one tag with the same local name; more
 * than {@value #MAX_ATTRIBUTES} attributes on a tag, or elements nested deeper than {@value #MAX_DEPTH} (parsers have
 * limits of their own; these stay far below them);</li>
 * <li>in a text or attribute value anything but printable ASCII other than {@code & < >} (a parser would change or
 * refuse tab, LF, CR or {@code ]]>}; a byte beyond ASCII needs decoding); between tags anything but that and white
 * space; an end tag that does not close the innermost open element; anything but white space after the root.</li>
 * </ul>
 * Whatever it does read, it reads as a namespace-aware parser does: a body it reads to the end is well-formed.
 */
final class XmlTokenizer {
    static final String XML = "http://www.w3.org/XML/1998/namespace";
    static final String XMLNS = "http://www.w3.org/2000/xmlns/";
    static final int MAX_NAME = 128;
    static final int MAX_ATTRIBUTES = 32;
    static final int MAX_DEPTH = 64;

    /** {@link #skipText}: no text, or only white space. */
    static final int NO_TEXT = 0;
    /** {@link #skipText}: text other than white space. */
    static final int TEXT = 1;
    /** {@link #skipText}: something this reader leaves to a parser. */
    static final int UNREADABLE = -1;

    /** An attribute as written — its qualified name, its value between the quotes — and its namespace. */
    record Attribute(String name, String localName, String namespace, String value) {
    }

    /**
     * A start tag.
     *
     * @param name      its qualified name as written
     * @param localName its name without the prefix
     * @param namespace its namespace; empty for none
     * @param empty     whether it ends in {@code />} (no content and no end tag follow)
     */
    record Tag(String name, String localName, String namespace, List<Attribute> attributes, boolean empty) {
    }

    private static final Pattern DECLARATION = Pattern.compile("<\\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*"
            + "(\"1\\.0\"|'1\\.0')([ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(\"(?i:utf-8)\"|'(?i:utf-8)'))?"
            + "([ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(\"(yes|no)\"|'(yes|no)'))?[ \t\r\n]*\\?>");
    /** What gfal2 writes; any other declaration is matched against {@link #DECLARATION}. */
    private static final String USUAL_DECLARATION = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>";

    /** What each ASCII byte may be: a bit set of {@link #VALUE}, {@link #NAME_START}, {@link #NAME}. */
    private static final byte[] KINDS = new byte[128];
    /** Allowed as it stands in a text or attribute value: printable ASCII but {@code & < >}. */
    private static final byte VALUE = 1;
    private static final byte NAME_START = 2;
    private static final byte NAME = 4;

    static {
        for (int c = 0x20; c < 0x7f; c++) {
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
            boolean name = letter || (c >= '0' && c <= '9') || c == '.' || c == '-';
            KINDS[c] = (byte) ((c == '&' || c == '<' || c == '>' ? 0 : VALUE) | (letter ? NAME_START : 0)
                    | (name ? NAME : 0));
        }
    }

    private final byte[] b;
    private final Predicate<String> counted;
    private int count;
    private int at;
    /** The open elements' qualified names, outermost first. */
    private final String[] open = new String[MAX_DEPTH];
    /** For each open element, how many namespace declarations were in scope before it. */
    private final int[] scopes = new int[MAX_DEPTH];
    private int depth;
    private boolean rootRead;
    /** The namespace declarations in scope, {prefix, namespace}, innermost last. */
    private String[] prefixes = new String[8];
    private String[] namespaces = new String[8];
    private int declared;

    private XmlTokenizer(byte[] body, Predicate<String> counted) {
        this.b = body;
        this.counted = counted;
    }

    /**
     * A reader of {@code body} past its XML declaration, or null when the declaration is not a plain one.
     *
     * @param counted the local names of the elements to count ({@link #counted})
     */
    static XmlTokenizer of(byte[] body, Predicate<String> counted) {
        XmlTokenizer in = new XmlTokenizer(body, counted);
        if (in.startsWith(USUAL_DECLARATION)) {
            in.at = USUAL_DECLARATION.length();
        } else if (in.startsWith("<?xml")) {
            int end = in.indexOf("?>");
            if (end < 0 || !DECLARATION.matcher(in.string(0, end + 2)).matches()) {
                return null;
            }
            in.at = end + 2;
        }
        return in;
    }

    /** The start tags read so far whose local name is one of those to count. */
    int counted() {
        return count;
    }

    /** Elements open now. */
    int depth() {
        return depth;
    }

    /**
     * The next start tag (white space before it skipped), its namespaces resolved; it is open until its
     * {@link #endTag} unless empty. Null when what follows is anything else, a second root included.
     */
    Tag startTag() {
        skipSpace();
        if (!startsWith("<") || at + 1 >= b.length || b[at + 1] == '/' || b[at + 1] == '!' || b[at + 1] == '?'
                || depth == MAX_DEPTH || (depth == 0 && rootRead)) {
            return null;
        }
        at++;
        int nameStart = at;
        int colon = name();
        if (colon == -2) {
            return null;
        }
        String name = string(nameStart, at);
        List<String[]> written = List.of(); // {name, value}; most tags have none
        boolean empty;
        while (true) {
            boolean spaced = skipSpace();
            if (startsWith(">") || startsWith("/>")) {
                empty = b[at] == '/';
                at += empty ? 2 : 1;
                break;
            }
            String[] attribute = spaced && written.size() < MAX_ATTRIBUTES ? attribute() : null;
            if (attribute == null || named(written, attribute[0])) {
                return null;
            }
            if (written.isEmpty()) {
                written = new ArrayList<>(6);
            }
            written.add(attribute);
        }
        int scope = declared;
        List<Attribute> attributes = written.isEmpty() ? List.of() : resolve(written);
        String namespace = colon < 0 ? "" : namespaceOf(name.substring(0, colon)); // xmlns="..." is refused
        if (attributes == null || namespace == null) {
            return null;
        }
        if (empty) {
            declared = scope;
        } else {
            open[depth] = name;
            scopes[depth++] = scope;
        }
        rootRead = true;
        String local = colon < 0 ? name : name.substring(colon + 1);
        if (counted.test(local)) {
            count++;
        }
        return new Tag(name, local, namespace, attributes, empty);
    }

    /** Reads the end tag of the innermost open element (white space before it skipped); false if another follows. */
    boolean endTag() {
        skipSpace();
        if (depth == 0 || !startsWith("</") || !startsWith(at + 2, open[depth - 1])) {
            return false;
        }
        int end = at + 2 + open[depth - 1].length();
        if (end < b.length && !space(b[end]) && b[end] != '>') {
            return false;
        }
        at = end;
        skipSpace();
        if (!startsWith(">")) {
            return false;
        }
        at++;
        declared = scopes[--depth];
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
            if (!is(b[at], VALUE)) {
                return null;
            }
            at++;
        }
        return string(start, at);
    }

    /** Skips the text up to the next tag: {@link #NO_TEXT}, {@link #TEXT} or {@link #UNREADABLE}. */
    int skipText() {
        int found = NO_TEXT;
        for (; at < b.length && b[at] != '<'; at++) {
            if (is(b[at], VALUE)) {
                found = b[at] == ' ' ? found : TEXT;
            } else if (!space(b[at])) {
                return UNREADABLE;
            }
        }
        return found;
    }

    /** Whether the root element has been read and closed, and only white space is left. */
    boolean atEnd() {
        skipSpace();
        return rootRead && depth == 0 && at == b.length;
    }

    /** The namespace a prefix stands for here; null if undeclared. */
    String namespaceOf(String prefix) {
        for (int i = declared - 1; i >= 0; i--) {
            if (prefixes[i].equals(prefix)) {
                return namespaces[i];
            }
        }
        return null;
    }

    /**
     * Declares what the attributes {@code written} declare, then resolves the others' prefixes; null when one is
     * not plain (see the class comment).
     */
    private List<Attribute> resolve(List<String[]> written) {
        for (String[] a : written) {
            if (a[0].startsWith("xmlns")) {
                if (a[0].length() == 5 || a[0].charAt(5) != ':') {
                    return null; // the default namespace, or a name such as xmlnsfoo that parsers treat apart
                }
                String prefix = a[0].substring(6);
                if (prefix.equals("xml") || prefix.equals("xmlns") || a[1].isEmpty() || a[1].equals(XML)
                        || a[1].equals(XMLNS)) {
                    return null;
                }
                declare(prefix, a[1]);
            }
        }
        List<Attribute> out = new ArrayList<>(written.size());
        for (String[] a : written) {
            if (a[0].startsWith("xmlns:")) {
                continue;
            }
            int colon = a[0].indexOf(':');
            String local = colon < 0 ? a[0] : a[0].substring(colon + 1);
            String namespace = colon < 0 ? "" : namespaceOf(a[0].substring(0, colon));
            if (namespace == null || a[0].startsWith("xml") || hasLocal(out, local)) {
                return null;
            }
            out.add(new Attribute(a[0], local, namespace, a[1]));
        }
        return out;
    }

    private void declare(String prefix, String namespace) {
        if (declared == prefixes.length) {
            prefixes = Arrays.copyOf(prefixes, 2 * declared);
            namespaces = Arrays.copyOf(namespaces, 2 * declared);
        }
        prefixes[declared] = prefix;
        namespaces[declared++] = namespace;
    }

    private static boolean hasLocal(List<Attribute> attributes, String local) {
        for (Attribute a : attributes) {
            if (a.localName().equals(local)) {
                return true;
            }
        }
        return false;
    }

    private static boolean named(List<String[]> attributes, String name) {
        for (String[] a : attributes) {
            if (a[0].equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** {name, value} of the attribute that follows; null when it is not plain. */
    private String[] attribute() {
        int start = at;
        if (name() == -2) {
            return null;
        }
        String name = string(start, at);
        skipSpace();
        if (!startsWith("=")) {
            return null;
        }
        at++;
        skipSpace();
        if (at >= b.length || (b[at] != '"' && b[at] != '\'')) {
            return null;
        }
        byte quote = b[at];
        int valueStart = ++at;
        while (at < b.length && b[at] != quote) {
            if (!is(b[at], VALUE)) {
                return null;
            }
            at++;
        }
        if (at >= b.length) {
            return null;
        }
        return new String[] {name, string(valueStart, at++)};
    }

    /**
     * Reads a qualified name up to white space, {@code =}, {@code /} or {@code >}: an ASCII letter or {@code _},
     * then letters, digits, {@code .}, {@code -} or {@code _}, once more after one colon. Returns the colon's offset
     * in the name, -1 for none, -2 when the name is not a plain one.
     */
    private int name() {
        int start = at;
        boolean first = true;
        int colon = -1;
        for (; at < b.length && !space(b[at]) && b[at] != '=' && b[at] != '/' && b[at] != '>'; at++) {
            byte c = b[at];
            if (c == ':' && !first && colon < 0) {
                colon = at - start;
                first = true;
            } else if (is(c, first ? NAME_START : NAME)) {
                first = false;
            } else {
                return -2;
            }
        }
        return first || at - start > MAX_NAME ? -2 : colon;
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

    private static boolean space(byte c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    private String string(int from, int to) {
        return new String(b, from, to - from, StandardCharsets.US_ASCII);
    }

    private int indexOf(String s) {
        for (int i = 0; i + s.length() <= b.length; i++) {
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
