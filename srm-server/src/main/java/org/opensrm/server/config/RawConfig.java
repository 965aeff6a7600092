package org.opensrm.server.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * Key/value pairs from a properties file and {@code --set} overrides, with typed, validating accessors that
 * name the key in every error. Unknown keys are refused: by {@link #of} at once (all of them in one message), by
 * {@link #load} together with every other error when {@link ServerConfig#from} reads the configuration.
 * <p>
 * Accessors throw {@link ConfigException} on a bad value, except on the {@linkplain #collecting() collecting}
 * copy that {@link ServerConfig#from} reads through: there a bad value is recorded (the first problem of each
 * key) and the key's documented default stands in for it, so that the reading goes on and every problem is
 * reported at once ({@link #failOnProblems()}), one per line.
 */
public final class RawConfig {
    private final Map<String, String> values;
    /** Unknown keys and malformed {@code --set} arguments found while loading. */
    private final List<String> loadProblems;
    /** Problems recorded by the collecting copy, by key (or message); null on a throwing one. */
    private final Map<String, String> problems;

    private RawConfig(Map<String, String> values, List<String> loadProblems, Map<String, String> problems) {
        this.values = Map.copyOf(values);
        this.loadProblems = List.copyOf(loadProblems);
        this.problems = problems;
    }

    /** @throws ConfigException naming every unknown key, one per line */
    public static RawConfig of(Map<String, String> values) throws ConfigException {
        List<String> unknown = unknownKeys(values.keySet());
        if (!unknown.isEmpty()) {
            throw new ConfigException(unknown);
        }
        return new RawConfig(values, List.of(), null);
    }

    private static List<String> unknownKeys(Iterable<String> keys) {
        List<String> out = new ArrayList<>();
        for (String key : keys) {
            if (ConfigKeys.find(key).isEmpty()) {
                out.add("unknown configuration key '" + key + "' (see conf/srm.conf for the keys)");
            }
        }
        return out;
    }

    /**
     * Reads {@code file} (Java properties syntax), then applies {@code overrides} ("key=value"). Unknown keys and
     * overrides without {@code =} are kept as problems that {@link ServerConfig#from} reports with the rest.
     *
     * @throws ConfigException when the file cannot be read
     */
    public static RawConfig load(Path file, List<String> overrides) throws ConfigException {
        Map<String, String> m = new LinkedHashMap<>();
        if (file != null) {
            Properties p = new Properties();
            try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                p.load(r);
            } catch (IOException e) {
                throw new ConfigException("cannot read configuration file " + file + ": " + e.getMessage());
            }
            p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k).trim()));
        }
        List<String> problems = new ArrayList<>();
        for (String o : overrides) {
            int eq = o.indexOf('=');
            if (eq <= 0) {
                problems.add("--set needs key=value, got '" + o + "'");
                continue;
            }
            m.put(o.substring(0, eq).trim(), o.substring(eq + 1).trim());
        }
        problems.addAll(0, unknownKeys(new TreeSet<>(m.keySet())));
        return new RawConfig(m, problems, null);
    }

    /** A copy that records bad values instead of throwing (see the class comment); starts with the load problems. */
    public RawConfig collecting() {
        Map<String, String> recorded = new LinkedHashMap<>();
        for (String p : loadProblems) {
            recorded.put(p, p);
        }
        return new RawConfig(values, loadProblems, recorded);
    }

    /**
     * Records a problem the caller found: throws it on a throwing copy; on a collecting one keeps it (unless
     * {@code key} already has one, which it follows from) and returns.
     */
    public void invalid(String key, String message) throws ConfigException {
        if (problems == null) {
            throw new ConfigException(message);
        }
        problems.putIfAbsent(key, message);
    }

    /** A problem that concerns no single key, as {@link #invalid(String, String)}. */
    public void invalid(ConfigException e) throws ConfigException {
        invalid(e.getMessage(), e.getMessage());
    }

    /** Whether {@code key} already has a recorded problem (checks that combine keys skip it then). */
    public boolean hasProblem(String key) {
        return problems != null && problems.containsKey(key);
    }

    /** Whether any problem was recorded (or found while loading). */
    public boolean hasProblems() {
        return problems == null ? !loadProblems.isEmpty() : !problems.isEmpty();
    }

    /** @throws ConfigException with every recorded problem (and load problem), one per line, if there are any */
    public void failOnProblems() throws ConfigException {
        List<String> all = problems == null ? loadProblems : List.copyOf(problems.values());
        if (!all.isEmpty()) {
            throw new ConfigException(all);
        }
    }

    /** Parses one value. */
    @FunctionalInterface
    private interface Parse<T> {
        T from(String value) throws ConfigException;
    }

    /** {@code parse} of the key's value; on a collecting copy a bad value is recorded and the default used. */
    private <T> T typed(String key, Parse<T> parse, T last) throws ConfigException {
        try {
            return parse.from(require(key));
        } catch (ConfigException e) {
            invalid(key, e.getMessage());
            try {
                String fallback = ConfigKeys.find(key).map(ConfigKey::defaultValue).orElse(null);
                return fallback == null || fallback.isBlank() ? last : parse.from(fallback);
            } catch (ConfigException d) {
                return last;
            }
        }
    }

    /** The value, or the key's documented default; null when neither exists. */
    public String get(String key) {
        String v = values.get(key);
        if (v != null) {
            return v;
        }
        return ConfigKeys.find(key).map(ConfigKey::defaultValue).orElse(null);
    }

    public String require(String key) throws ConfigException {
        String v = get(key);
        if (v == null || v.isBlank()) {
            invalid(key, "configuration key '" + key + "' must be set");
            return "";
        }
        return v;
    }

    /** The keys given explicitly (in the file or with {@code --set}). */
    public Set<String> keys() {
        return values.keySet();
    }

    public boolean isSet(String key) {
        String v = values.get(key);
        return v != null && !v.isBlank();
    }

    public int getInt(String key, int min, int max) throws ConfigException {
        return typed(key, v -> {
            try {
                int i = Integer.parseInt(v);
                if (i < min || i > max) {
                    throw new ConfigException("configuration key '" + key + "' must be between " + min + " and "
                            + max + ", got " + v);
                }
                return i;
            } catch (NumberFormatException e) {
                throw new ConfigException("configuration key '" + key + "' must be a whole number, got '" + v + "'");
            }
        }, min);
    }

    public long getLong(String key, long min) throws ConfigException {
        return typed(key, v -> {
            try {
                long l = Long.parseLong(v);
                if (l < min) {
                    throw new ConfigException("configuration key '" + key + "' must be at least " + min + ", got "
                            + v);
                }
                return l;
            } catch (NumberFormatException e) {
                throw new ConfigException("configuration key '" + key + "' must be a whole number, got '" + v + "'");
            }
        }, min);
    }

    /** A duration like {@code 500ms}, {@code 30s}, {@code 5m}, {@code 4h}, {@code 2d}; a bare number is seconds. */
    public Duration getDuration(String key) throws ConfigException {
        return typed(key, raw -> duration(key, raw), Duration.ofSeconds(1));
    }

    private static Duration duration(String key, String raw) throws ConfigException {
        String v = raw.toLowerCase();
        try {
            if (v.endsWith("ms")) {
                long ms = Long.parseLong(v.substring(0, v.length() - 2));
                if (ms < 0) {
                    throw new NumberFormatException();
                }
                return Duration.ofMillis(ms);
            }
            char unit = v.charAt(v.length() - 1);
            String num = Character.isDigit(unit) ? v : v.substring(0, v.length() - 1);
            long n = Long.parseLong(num);
            if (n < 0) {
                throw new NumberFormatException();
            }
            return switch (unit) {
                case 's' -> Duration.ofSeconds(n);
                case 'm' -> Duration.ofMinutes(n);
                case 'h' -> Duration.ofHours(n);
                case 'd' -> Duration.ofDays(n);
                default -> {
                    if (!Character.isDigit(unit)) {
                        throw new NumberFormatException();
                    }
                    yield Duration.ofSeconds(n);
                }
            };
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw new ConfigException("configuration key '" + key + "' must be a duration such as 30s, 5m or 4h, got '"
                    + v + "'");
        }
    }

    public Path getPath(String key) throws ConfigException {
        return Path.of(require(key));
    }

    /** Comma-separated values, blanks dropped; empty list when unset. */
    public List<String> getList(String key) {
        String v = get(key);
        if (v == null || v.isBlank()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty()).forEach(out::add);
        return List.copyOf(out);
    }

    public String oneOf(String key, String... allowed) throws ConfigException {
        return typed(key, v -> {
            for (String a : allowed) {
                if (a.equals(v)) {
                    return v;
                }
            }
            throw new ConfigException("configuration key '" + key + "' must be one of " + String.join(" | ", allowed)
                    + ", got '" + v + "'");
        }, allowed[0]);
    }
}
