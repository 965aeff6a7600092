package org.opensrm.benchmarks.scalability;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** {@code --name value} options of the small mains here; {@code --set} may repeat. */
final class Options {
    private final Map<String, String> values = new HashMap<>();
    private final List<String> sets = new ArrayList<>();

    Options(String[] args, Set<String> known, String usage) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help")) {
                System.out.println(usage);
                System.exit(0);
            }
            if (!a.startsWith("--") || !known.contains(a.substring(2)) || i + 1 >= args.length) {
                System.err.println("unknown or incomplete option '" + a + "'\n" + usage);
                System.exit(2);
            }
            String v = args[++i];
            if (a.equals("--set")) {
                sets.add(v);
            } else {
                values.put(a.substring(2), v);
            }
        }
    }

    String get(String name, String def) {
        return values.getOrDefault(name, def);
    }

    String require(String name, String usage) {
        String v = values.get(name);
        if (v == null) {
            System.err.println("--" + name + " is required\n" + usage);
            System.exit(2);
        }
        return v;
    }

    Path path(String name) {
        String v = values.get(name);
        return v == null ? null : Path.of(v);
    }

    int integer(String name, int def) {
        return values.containsKey(name) ? Integer.parseInt(values.get(name)) : def;
    }

    Duration duration(String name, Duration def) {
        return values.containsKey(name) ? parseDuration(values.get(name)) : def;
    }

    List<String> sets() {
        return List.copyOf(sets);
    }

    /** 500ms, 30s, 2m, 1h; a bare number is seconds. */
    static Duration parseDuration(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.endsWith("ms")) {
            return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
        }
        double amount = Double.parseDouble(t.replaceAll("[smh]$", ""));
        double seconds = t.endsWith("m") ? amount * 60 : t.endsWith("h") ? amount * 3600 : amount;
        return Duration.ofMillis(Math.round(seconds * 1000));
    }
}
