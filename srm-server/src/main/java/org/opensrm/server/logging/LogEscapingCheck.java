package org.opensrm.server.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.spi.AppenderAttachable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Finds the log appenders that would write a client's newline as it is: an operator's own {@code logback.xml}
 * without the converters of the one shipped ({@link EscapedMessageConverter}). The launcher warns about each at
 * start, so that a configuration that lets log lines be forged does not go unnoticed.
 */
public final class LogEscapingCheck {
    private static final String PROBE = "probe\nforged";

    private LogEscapingCheck() {
    }

    /** The names of the appenders of {@code loggers} that write a message's newline unescaped. */
    public static List<String> unescapedAppenders(LoggerContext context, String... loggers) {
        List<String> out = new ArrayList<>();
        for (String name : loggers) {
            Logger logger = context.getLogger(name);
            LoggingEvent probe = new LoggingEvent(LogEscapingCheck.class.getName(), logger, Level.WARN, PROBE, null,
                    null);
            probe.setMDCPropertyMap(Map.of());
            check(logger, probe, out);
        }
        return out;
    }

    private static void check(AppenderAttachable<ILoggingEvent> attachable, ILoggingEvent probe, List<String> out) {
        for (Iterator<Appender<ILoggingEvent>> it = attachable.iteratorForAppenders(); it.hasNext(); ) {
            Appender<ILoggingEvent> a = it.next();
            if (a instanceof OutputStreamAppender<ILoggingEvent> stream && stream.getEncoder() != null) {
                String written = new String(stream.getEncoder().encode(probe), StandardCharsets.UTF_8);
                if (written.contains(PROBE) && !out.contains(a.getName())) {
                    out.add(a.getName());
                }
            } else if (a instanceof AppenderAttachable<?> nested) {
                @SuppressWarnings("unchecked")
                AppenderAttachable<ILoggingEvent> events = (AppenderAttachable<ILoggingEvent>) nested;
                check(events, probe, out);
            }
        }
    }
}
