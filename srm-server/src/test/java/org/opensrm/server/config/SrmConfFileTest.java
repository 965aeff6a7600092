package org.opensrm.server.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The shipped {@code conf/srm.conf} and {@link ConfigKeys} describe the same keys with the same defaults. */
class SrmConfFileTest {
    /** A setting line, commented out or not: {@code # key=value} or {@code key=value}. */
    private static final Pattern SETTING = Pattern.compile("^#?\\s*([A-Za-z][A-Za-z0-9_.-]*)\\s*=(.*)$");
    private static final Path CONF = Path.of("..", "conf", "srm.conf");

    private static List<String> lines;
    private static Map<String, String> settings;

    @BeforeAll
    static void read() throws Exception {
        assertTrue(Files.isRegularFile(CONF), "no " + CONF.toAbsolutePath());
        lines = Files.readAllLines(CONF, StandardCharsets.UTF_8);
        settings = new LinkedHashMap<>();
        for (String line : lines) {
            Matcher m = SETTING.matcher(line.trim());
            if (m.matches()) {
                settings.put(m.group(1), m.group(2).trim());
            }
        }
    }

    @Test
    void everyKeyIsDocumentedWithItsDefault() {
        List<String> problems = new ArrayList<>();
        for (ConfigKey k : ConfigKeys.ALL) {
            if (k.name().endsWith(".*")) {
                String prefix = k.name().substring(0, k.name().length() - 1);
                if (settings.keySet().stream().noneMatch(s -> s.startsWith(prefix))) {
                    problems.add(k.name() + ": no example line");
                }
                continue;
            }
            String shown = settings.get(k.name());
            String expected = k.defaultValue() == null ? "" : k.defaultValue();
            if (shown == null) {
                problems.add(k.name() + ": missing");
            } else if (!shown.equals(expected)) {
                problems.add(k.name() + ": shows '" + shown + "' but the default is '" + expected + "'");
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void everyKeyIsExplainedBySentenceAboveIt() {
        List<String> problems = new ArrayList<>();
        for (ConfigKey k : ConfigKeys.ALL) {
            if (lines.stream().noneMatch(l -> l.equals("# " + k.description()))) {
                problems.add(k.name() + ": description not found: " + k.description());
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void namesNoKeyTheServerDoesNotKnow() {
        List<String> unknown = settings.keySet().stream().filter(s -> ConfigKeys.find(s).isEmpty()).toList();
        assertEquals(List.of(), unknown);
    }

    @Test
    void theShippedFileLoadsWithOnlyATokenKeyAdded() throws Exception {
        ServerConfig c = ServerConfig.from(RawConfig.load(CONF, List.of("srm.token.key=0123456789abcdef")));
        assertEquals(8443, c.port());
    }
}
