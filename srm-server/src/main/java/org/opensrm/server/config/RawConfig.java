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

/**
 * Key/value pairs from a properties file and {@code --set} overrides, with typed, validating accessors that
 * name the key in every error. Unknown keys are refused up front.
 */
public final class RawConfig {
    private final Map<String, String> values;

    private RawConfig(Map<String, String> values) {
        this.values = Map.copyOf(values);
    }

    public static RawConfig of(Map<String, String> values) throws ConfigException {
        for (String key : values.keySet()) {
            if (ConfigKeys.find(key).isEmpty()) {
                throw new ConfigException("unknown configuration key '" + key + "' (see conf/srm.conf for the keys)");
            }
        }
        return new RawConfig(values);
    }

    /** Reads {@code file} (Java properties syntax), then applies {@code overrides} ("key=value"). */
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
        for (String o : overrides) {
            int eq = o.indexOf('=');
            if (eq <= 0) {
                throw new ConfigException("--set needs key=value, got '" + o + "'");
            }
            m.put(o.substring(0, eq).trim(), o.substring(eq + 1).trim());
        }
        return of(m);
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
            throw new ConfigException("configuration key '" + key + "' must be set");
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
        String v = require(key);
        try {
            int i = Integer.parseInt(v);
            if (i < min || i > max) {
                throw new ConfigException("configuration key '" + key + "' must be between " + min + " and " + max
                        + ", got " + v);
            }
            return i;
        } catch (NumberFormatException e) {
            throw new ConfigException("configuration key '" + key + "' must be a whole number, got '" + v + "'");
        }
    }

    public long getLong(String key, long min) throws ConfigException {
        String v = require(key);
        try {
            long l = Long.parseLong(v);
            if (l < min) {
                throw new ConfigException("configuration key '" + key + "' must be at least " + min + ", got " + v);
            }
            return l;
        } catch (NumberFormatException e) {
            throw new ConfigException("configuration key '" + key + "' must be a whole number, got '" + v + "'");
        }
    }

    /** A duration like {@code 500ms}, {@code 30s}, {@code 5m}, {@code 4h}, {@code 2d}; a bare number is seconds. */
    public Duration getDuration(String key) throws ConfigException {
        String v = require(key).toLowerCase();
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
        String v = require(key);
        for (String a : allowed) {
            if (a.equals(v)) {
                return v;
            }
        }
        throw new ConfigException("configuration key '" + key + "' must be one of " + String.join(" | ", allowed)
                + ", got '" + v + "'");
    }
}
