package org.opensrm.server.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The shipped logback.xml writes every client value on one line: message, MDC and exception messages. */
class LogEscapingTest {
    private static final String FORGED = "2030-01-01T00:00:00.000Z INFO  [main] o.o.s.SrmServer dn=\"\" - forged";

    private static LoggerContext configured(InputStream config) throws Exception {
        LoggerContext context = new LoggerContext();
        JoranConfigurator joran = new JoranConfigurator();
        joran.setContext(context);
        joran.doConfigure(config);
        return context;
    }

    private static LoggerContext shipped() throws Exception {
        try (InputStream in = LogEscapingTest.class.getResourceAsStream("/logback.xml")) {
            return configured(in);
        }
    }

    @Test
    void theShippedConfigurationWritesAClientNewlineEscapedInMessageMdcAndException() throws Exception {
        LoggerContext context = shipped();
        try {
            Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
            @SuppressWarnings("unchecked")
            OutputStreamAppender<ch.qos.logback.classic.spi.ILoggingEvent> stdout =
                    (OutputStreamAppender<ch.qos.logback.classic.spi.ILoggingEvent>) root.getAppender("STDOUT");
            LoggingEvent event = new LoggingEvent(getClass().getName(), root, Level.INFO,
                    "srmMkdir failed: no such SURL {}", new IllegalStateException("bad SURL x\n" + FORGED,
                            new RuntimeException("cause\r\n" + FORGED)), new Object[] {"srm://h/x\n" + FORGED});
            event.setMDCPropertyMap(Map.of("dn", "/CN=evil\n" + FORGED));
            String written = new String(stdout.getEncoder().encode(event), StandardCharsets.UTF_8);
            List<String> lines = written.lines().toList();
            assertTrue(lines.get(0).contains("srm://h/x\\n" + FORGED) && lines.get(0).contains("/CN=evil\\n"),
                    written);
            assertFalse(lines.stream().anyMatch(l -> l.startsWith("2030")), written);
            assertTrue(written.contains("IllegalStateException: bad SURL x\\n2030"), written);
            assertTrue(written.contains("Caused by: java.lang.RuntimeException: cause\\r\\n2030"), written);
            assertEquals(List.of(), LogEscapingCheck.unescapedAppenders(context, Logger.ROOT_LOGGER_NAME,
                    "org.opensrm.access"));
        } finally {
            context.stop();
        }
    }

    @Test
    void aConfigurationWithoutTheConvertersIsFound() throws Exception {
        String plain = "<configuration><appender name=\"PLAIN\" class=\"ch.qos.logback.core.ConsoleAppender\">"
                + "<encoder><pattern>%msg%n</pattern></encoder></appender>"
                + "<appender name=\"QUEUE\" class=\"ch.qos.logback.classic.AsyncAppender\">"
                + "<appender-ref ref=\"PLAIN\"/></appender>"
                + "<root level=\"INFO\"><appender-ref ref=\"QUEUE\"/></root></configuration>";
        LoggerContext context = configured(new ByteArrayInputStream(plain.getBytes(StandardCharsets.UTF_8)));
        try {
            assertEquals(List.of("PLAIN"), LogEscapingCheck.unescapedAppenders(context, Logger.ROOT_LOGGER_NAME));
        } finally {
            context.stop();
        }
    }
}
