package org.opensrm.server.soap;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.opensrm.server.soap.gen.TReturnStatus;

/**
 * What the lane's answer writers share ({@link SoapLanes}): the SOAP 1.1 envelope JAX-WS writes around an
 * rpc/literal answer, and elements written as JAXB writes them from the generated objects: absent optional fields
 * left out, {@code xsi:nil} for absent nillable ones, text escaped as JAXB escapes it, straight into UTF-8 bytes
 * (JAXB 4's UTF-8 output escapes every text through a {@code StringWriter}, most of the CPU an answer costs).
 * A subclass writes one operation's answer type in its generated field order.
 */
abstract class AnswerWriter {
    private static final String SOAP_11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SRM = "http://srm.lbl.gov/StorageResourceManager";

    /** An element name, its tags already encoded. */
    record Tag(byte[] open, byte[] close, byte[] nil) {
        static Tag of(String name) {
            return new Tag(bytesOf("<" + name + ">"), bytesOf("</" + name + ">"), bytesOf("<" + name
                    + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:nil=\"true\"/>"));
        }
    }

    /** The envelope of one operation's answer: what comes before and after its part, as JAX-WS writes them. */
    record Envelope(byte[] head, byte[] tail) {
        /** The envelope of {@code operation} (e.g. {@code srmLs}): wrapper {@code srmLsResponse}, part the same. */
        static Envelope of(String operation) {
            String part = operation + "Response";
            return new Envelope(bytesOf("<?xml version=\"1.0\" ?><S:Envelope xmlns:S=\"" + SOAP_11 + "\"><S:Body><ns2:"
                    + part + " xmlns:ns2=\"" + SRM + "\"><" + part + ">"),
                    bytesOf("</" + part + "></ns2:" + part + "></S:Body></S:Envelope>"));
        }
    }

    static final Tag RETURN_STATUS = Tag.of("returnStatus");
    static final Tag REQUEST_TOKEN = Tag.of("requestToken");
    static final Tag STATUS = Tag.of("status");
    private static final Tag STATUS_CODE = Tag.of("statusCode");
    private static final Tag EXPLANATION = Tag.of("explanation");

    private byte[] buf = new byte[4 * 1024];
    private int len;

    /** The whole envelope: {@code envelope}'s head, what {@code part} writes, its tail; UTF-8. */
    final byte[] written(Envelope envelope, Runnable part) {
        bytes(envelope.head());
        part.run();
        bytes(envelope.tail());
        return Arrays.copyOf(buf, len);
    }

    final void status(Tag name, TReturnStatus s, boolean nillable) {
        if (absent(name, s, nillable)) {
            return;
        }
        start(name);
        text(STATUS_CODE, s.getStatusCode(), false);
        text(EXPLANATION, s.getExplanation(), false);
        end(name);
    }

    /**
     * A nillable array of nillable items, as the generated {@code ArrayOf...} types are: {@code array} nil when
     * {@code holder} is absent, else each of its {@code items} as an {@code item} element (nil when absent) whose
     * fields {@code fields} writes.
     */
    final <H, T> void array(Tag array, H holder, Function<H, List<T>> items, Tag item, Consumer<T> fields) {
        if (absent(array, holder, true)) {
            return;
        }
        start(array);
        for (T t : items.apply(holder)) {
            if (!absent(item, t, true)) {
                start(item);
                fields.accept(t);
                end(item);
            }
        }
        end(array);
    }

    /** A nillable number, as its decimal digits. */
    final void number(Tag name, Number n) {
        text(name, n == null ? null : n.toString(), true);
    }

    final void text(Tag name, String value, boolean nillable) {
        if (absent(name, value, nillable)) {
            return;
        }
        start(name);
        escaped(value);
        end(name);
    }

    /** True when there is nothing more to write: the value is absent (and written as nil if it may be). */
    final boolean absent(Tag name, Object value, boolean nillable) {
        if (value != null) {
            return false;
        }
        if (nillable) {
            bytes(name.nil());
        }
        return true;
    }

    final void start(Tag name) {
        bytes(name.open());
    }

    final void end(Tag name) {
        bytes(name.close());
    }

    private void bytes(byte[] b) {
        room(b.length);
        System.arraycopy(b, 0, buf, len, b.length);
        len += b.length;
    }

    private void room(int n) {
        if (len + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
        }
    }

    private static final byte[] AMP = bytesOf("&amp;");
    private static final byte[] LT = bytesOf("&lt;");
    private static final byte[] GT = bytesOf("&gt;");
    private static final byte[] CR = bytesOf("&#xD;");

    /** Element text as JAXB's minimum escaping writes it: {@code & < > \r} as references, the rest as UTF-8. */
    private void escaped(String s) {
        int plain = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c > '>' || (c != '&' && c != '<' && c != '>' && c != '\r')) {
                continue;
            }
            utf8(s, plain, i);
            bytes(c == '&' ? AMP : c == '<' ? LT : c == '>' ? GT : CR);
            plain = i + 1;
        }
        utf8(s, plain, s.length());
    }

    private void utf8(String s, int from, int to) {
        room(to - from);
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                bytes(s.substring(i, to).getBytes(StandardCharsets.UTF_8));
                return;
            }
            buf[len++] = (byte) c;
        }
    }

    private static byte[] bytesOf(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
