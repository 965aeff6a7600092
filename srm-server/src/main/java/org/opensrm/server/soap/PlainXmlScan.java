package org.opensrm.server.soap;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads a SOAP body as real clients write it — elements, attributes, plain text, comments, processing
 * instructions — without an XML parser, for {@link RequestScan}: the first element inside the Body, the number of
 * array items in the request, and the text of the elements it is asked about. Anything else — CDATA, a DOCTYPE, a reference ({@code &...;}) or markup inside an
 * asked-about element, a {@code nil} attribute on one, a body cut short — and it gives up ({@code null}): the caller
 * then reads the body with a real parser, which judges every case. It never decides what a body means on its own.
 */
final class PlainXmlScan {
    /** An asked-about element's text, as it stands between its tags. */
    record Field(String name, String text) {
    }

    /**
     * @param operation the local name of the Body's first element; empty when there is none
     * @param items     elements that are array items ({@link RequestScan#isArrayItem})
     */
    record Result(String operation, int items, List<Field> fields) {
    }

    private final byte[] b;
    private final Set<String> asked;
    private int at;

    private PlainXmlScan(byte[] body, Set<String> asked) {
        this.b = body;
        this.asked = asked;
    }

    /** What the body holds, or null when it uses anything this reading leaves to a real parser. */
    static Result scan(byte[] body, Set<String> asked) {
        return new PlainXmlScan(body, asked).run();
    }

    private Result run() {
        List<Field> fields = new ArrayList<>(4);
        String operation = "";
        boolean inBody = false;
        int depth = 0;
        int items = 0;
        while (true) {
            int lt = indexOf((byte) '<', at);
            if (lt < 0) {
                return depth == 0 ? new Result(operation, items, fields) : null;
            }
            if (lt + 1 >= b.length) {
                return null;
            }
            byte next = b[lt + 1];
            if (next == '?' || next == '!') {
                String close = next == '?' ? "?>" : "-->";
                if (next == '!' && !startsWith(lt, "<!--")) {
                    return null; // CDATA or DOCTYPE
                }
                int end = indexOf(close, lt + 2);
                if (end < 0) {
                    return null;
                }
                at = end + close.length();
                continue;
            }
            if (next == '/') {
                int end = indexOf((byte) '>', lt);
                if (end < 0 || --depth < 0) {
                    return null;
                }
                at = end + 1;
                continue;
            }
            at = lt + 1;
            String name = PlainXmlReader.localName(token());
            if (name.isEmpty()) {
                return null;
            }
            Boolean empty = attributes(asked.contains(name));
            if (empty == null) {
                return null;
            }
            depth++;
            if (RequestScan.isArrayItem(name)) {
                items++;
            }
            if (depth == 2 && name.equals("Body")) {
                inBody = true;
            } else if (depth == 3 && inBody && operation.isEmpty()) {
                operation = name;
            }
            if (empty) {
                depth--;
                if (asked.contains(name)) {
                    fields.add(new Field(name, ""));
                }
            } else if (asked.contains(name)) {
                int end = indexOf((byte) '<', at);
                if (end < 0 || end + 1 >= b.length || b[end + 1] != '/' || indexOf((byte) '&', at, end) >= 0) {
                    return null;
                }
                fields.add(new Field(name, new String(b, at, end - at, StandardCharsets.UTF_8)));
                at = end;
            }
        }
    }

    /**
     * Reads the attributes up to the end of a start tag: true for {@code />}, false for {@code >}, null when the tag
     * is not plain, or carries a {@code nil} attribute where {@code nilMatters}.
     */
    private Boolean attributes(boolean nilMatters) {
        while (at < b.length) {
            byte c = b[at];
            if (c == '>') {
                at++;
                return Boolean.FALSE;
            }
            if (c == '/') {
                if (at + 1 < b.length && b[at + 1] == '>') {
                    at += 2;
                    return Boolean.TRUE;
                }
                return null;
            }
            if (space(c)) {
                at++;
                continue;
            }
            String attribute = token();
            skipSpace();
            if (attribute.isEmpty() || at >= b.length || b[at] != '=') {
                return null;
            }
            at++;
            skipSpace();
            if (at >= b.length || (b[at] != '"' && b[at] != '\'')) {
                return null;
            }
            int close = indexOf(b[at], at + 1);
            if (close < 0 || (nilMatters && PlainXmlReader.localName(attribute).equals("nil"))) {
                return null;
            }
            at = close + 1;
        }
        return null;
    }

    /** A name: up to white space, {@code =}, {@code /} or {@code >}. */
    private String token() {
        int start = at;
        while (at < b.length && !space(b[at]) && b[at] != '=' && b[at] != '/' && b[at] != '>') {
            at++;
        }
        return new String(b, start, at - start, StandardCharsets.UTF_8);
    }

    private void skipSpace() {
        while (at < b.length && space(b[at])) {
            at++;
        }
    }

    private static boolean space(byte c) {
        return PlainXmlReader.space(c);
    }

    private int indexOf(byte c, int from) {
        return indexOf(c, from, b.length);
    }

    private int indexOf(byte c, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private int indexOf(String s, int from) {
        for (int i = indexOf((byte) s.charAt(0), from); i >= 0; i = indexOf((byte) s.charAt(0), i + 1)) {
            if (startsWith(i, s)) {
                return i;
            }
        }
        return -1;
    }

    private boolean startsWith(int i, String s) {
        return PlainXmlReader.startsWith(b, i, s);
    }
}
