package org.opensrm.server.logging;

import ch.qos.logback.classic.pattern.ThrowableProxyConverter;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.StackTraceElementProxy;
import org.opensrm.common.ControlCharacters;

/**
 * {@code %ex} with control characters escaped in every exception's message (the causes' and suppressed ones'
 * too): an exception may quote a client value ("no such file: ..."). The stack trace keeps its lines.
 * See {@link EscapedMessageConverter}.
 */
public class EscapedThrowableConverter extends ThrowableProxyConverter {
    @Override
    protected String throwableProxyToString(IThrowableProxy tp) {
        return super.throwableProxyToString(tp == null ? null : new Escaped(tp));
    }

    private record Escaped(IThrowableProxy tp) implements IThrowableProxy {
        @Override
        public String getMessage() {
            return ControlCharacters.escape(tp.getMessage());
        }

        @Override
        public String getClassName() {
            return tp.getClassName();
        }

        @Override
        public StackTraceElementProxy[] getStackTraceElementProxyArray() {
            return tp.getStackTraceElementProxyArray();
        }

        @Override
        public int getCommonFrames() {
            return tp.getCommonFrames();
        }

        @Override
        public IThrowableProxy getCause() {
            return tp.getCause() == null ? null : new Escaped(tp.getCause());
        }

        @Override
        public IThrowableProxy[] getSuppressed() {
            IThrowableProxy[] s = tp.getSuppressed();
            if (s == null) {
                return null;
            }
            IThrowableProxy[] out = new IThrowableProxy[s.length];
            for (int i = 0; i < s.length; i++) {
                out[i] = new Escaped(s[i]);
            }
            return out;
        }

        @Override
        public boolean isCyclic() {
            return tp.isCyclic();
        }
    }
}
