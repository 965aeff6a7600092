package org.opensrm.stores.internal;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** How lists and maps of text are kept in one column. */
final class TextLists {
    private TextLists() {
    }

    /** Lines (the values hold no newline, {@link org.opensrm.core.Owner} checks). */
    static String lines(List<String> values) {
        return String.join("\n", values);
    }

    static List<String> fromLines(String text) {
        return text.isEmpty() ? List.of() : Arrays.asList(text.split("\n", -1));
    }

    /** {@code k=v&k=v}, URL-encoded, keys sorted. */
    static String form(Map<String, String> map) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, String> e : new TreeMap<>(map).entrySet()) {
            if (out.length() > 0) {
                out.append('&');
            }
            out.append(URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8));
        }
        return out.toString();
    }

    static Map<String, String> fromForm(String text) {
        Map<String, String> map = new LinkedHashMap<>();
        if (text.isEmpty()) {
            return map;
        }
        for (String pair : text.split("&")) {
            int eq = pair.indexOf('=');
            map.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return map;
    }
}
