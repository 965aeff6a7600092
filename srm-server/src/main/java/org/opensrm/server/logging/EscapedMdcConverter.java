package org.opensrm.server.logging;

import ch.qos.logback.classic.pattern.MDCConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import org.opensrm.common.ControlCharacters;

/** {@code %X} with control characters escaped: the MDC holds the client's DN. See {@link EscapedMessageConverter}. */
public class EscapedMdcConverter extends MDCConverter {
    @Override
    public String convert(ILoggingEvent event) {
        return ControlCharacters.escape(super.convert(event));
    }
}
