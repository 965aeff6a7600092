package org.opensrm.gridftp.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.opensrm.gridftp.ProbeException;

/**
 * A strict reader of the Prometheus text exposition format (0.0.4): {@code name{label="value",...} value [ts]}
 * lines, {@code #} comments. Any line that is not of that shape makes the whole answer garbage.
 */
public final class PrometheusText {
    /** One sample line. */
    public record Sample(String name, Map<String, String> labels, double value) {
    }

    private PrometheusText() {
    }

    public static List<Sample> parse(String text) throws ProbeException {
        List<Sample> out = new ArrayList<>();
        int lineNo = 0;
        for (String raw : text.split("\n", -1)) {
            lineNo++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                out.add(parseLine(line));
            } catch (IllegalArgumentException e) {
                throw new ProbeException("not the Prometheus text format at line " + lineNo + ": " + e.getMessage());
            }
        }
        return out;
    }

    private static Sample parseLine(String line) {
        int i = 0;
        int n = line.length();
        while (i < n && isNameChar(line.charAt(i), i == 0)) {
            i++;
        }
        if (i == 0) {
            throw new IllegalArgumentException("no metric name");
        }
        String name = line.substring(0, i);
        Map<String, String> labels = Collections.emptyMap();
        if (i < n && line.charAt(i) == '{') {
            labels = new LinkedHashMap<>();
            i = parseLabels(line, i + 1, labels);
        }
        String[] rest = line.substring(i).strip().split("\\s+");
        if (rest.length < 1 || rest.length > 2 || rest[0].isEmpty()) {
            throw new IllegalArgumentException("expected a value after " + name);
        }
        return new Sample(name, labels, parseValue(rest[0]));
    }

    private static int parseLabels(String line, int i, Map<String, String> labels) {
        int n = line.length();
        while (true) {
            while (i < n && (line.charAt(i) == ' ' || line.charAt(i) == ',')) {
                i++;
            }
            if (i < n && line.charAt(i) == '}') {
                return i + 1;
            }
            int start = i;
            while (i < n && isNameChar(line.charAt(i), i == start)) {
                i++;
            }
            if (i == start || i + 1 >= n || line.charAt(i) != '=' || line.charAt(i + 1) != '"') {
                throw new IllegalArgumentException("bad label");
            }
            String key = line.substring(start, i);
            i += 2;
            StringBuilder value = new StringBuilder();
            while (i < n && line.charAt(i) != '"') {
                char c = line.charAt(i);
                if (c == '\\' && i + 1 < n) {
                    char e = line.charAt(++i);
                    value.append(e == 'n' ? '\n' : e);
                } else {
                    value.append(c);
                }
                i++;
            }
            if (i >= n) {
                throw new IllegalArgumentException("unterminated label value");
            }
            labels.put(key, value.toString());
            i++;
        }
    }

    private static double parseValue(String v) {
        switch (v) {
            case "+Inf":
                return Double.POSITIVE_INFINITY;
            case "-Inf":
                return Double.NEGATIVE_INFINITY;
            case "NaN":
                return Double.NaN;
            default:
                if (!v.matches("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")) {
                    throw new IllegalArgumentException("bad value '" + v + "'");
                }
                return Double.parseDouble(v);
        }
    }

    private static boolean isNameChar(char c, boolean first) {
        return c == '_' || c == ':' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (!first && c >= '0' && c <= '9');
    }
}
