package org.opensrm.server.logging;

import ch.qos.logback.classic.pattern.MessageConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import org.opensrm.common.ControlCharacters;

/**
 * {@code %msg} with control characters escaped ({@link ControlCharacters}): a log message is one line whatever
 * client value it carries. Bound to {@code msg}, {@code m} and {@code message} in {@code logback.xml}, so that
 * every message of every logger (the server's, Jetty's, canl's, JAX-WS's) is escaped where it is written, and no
 * log statement has to remember to.
 */
public class EscapedMessageConverter extends MessageConverter {
    @Override
    public String convert(ILoggingEvent event) {
        return ControlCharacters.escape(super.convert(event));
    }
}
