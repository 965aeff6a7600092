package org.opensrm.server.soap;

import java.math.BigInteger;
import java.util.Arrays;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.opensrm.server.soap.gen.ArrayOfString;
import org.opensrm.server.soap.gen.ArrayOfTMetaDataPathDetail;
import org.opensrm.server.soap.gen.SrmLsResponse;
import org.opensrm.server.soap.gen.TGroupPermission;
import org.opensrm.server.soap.gen.TMetaDataPathDetail;
import org.opensrm.server.soap.gen.TRetentionPolicyInfo;
import org.opensrm.server.soap.gen.TReturnStatus;
import org.opensrm.server.soap.gen.TUserPermission;

/**
 * Writes an srmLs answer — the whole SOAP envelope — as JAX-WS and JAXB write it from the same object: the same
 * elements in the same order, absent optional fields left out, {@code xsi:nil} for absent nillable ones (as the
 * generated types declare them), text escaped as JAXB escapes it, times through {@link XsdDateTime}. A listing is
 * most of what the server sends, and this writes it in a fifth of the CPU JAXB takes (JAXB 4's UTF-8 output
 * escapes every text through a {@code StringWriter}). {@code LsAnswerWriterTest} holds it to JAXB's output for the
 * same objects; the end-to-end tests hold it to what JAX-WS answers.
 */
final class LsAnswerWriter {
    private static final byte[] HEAD = bytesOf("<?xml version=\"1.0\" ?><S:Envelope xmlns:S=\""
            + "http://schemas.xmlsoap.org/soap/envelope/\"><S:Body><ns2:srmLsResponse xmlns:ns2=\""
            + "http://srm.lbl.gov/StorageResourceManager\"><srmLsResponse>");
    private static final byte[] TAIL = bytesOf("</srmLsResponse></ns2:srmLsResponse></S:Body></S:Envelope>");
    private static final byte[] NIL_ATTRIBUTES = bytesOf(
            " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:nil=\"true\"/>");

    private byte[] buf = new byte[16 * 1024];
    private int len;

    private LsAnswerWriter() {
    }

    /** The envelope holding {@code answer}, UTF-8. */
    static byte[] write(SrmLsResponse answer) {
        LsAnswerWriter w = new LsAnswerWriter();
        w.bytes(HEAD);
        w.response(answer);
        w.bytes(TAIL);
        return Arrays.copyOf(w.buf, w.len);
    }

    private void response(SrmLsResponse r) {
        status("returnStatus", r.getReturnStatus(), false);
        text("requestToken", r.getRequestToken(), true);
        details("details", r.getDetails(), true);
    }

    private void details(String name, ArrayOfTMetaDataPathDetail a, boolean nillable) {
        if (absent(name, a, nillable)) {
            return;
        }
        start(name);
        List<TMetaDataPathDetail> list = a.getPathDetailArray();
        for (TMetaDataPathDetail d : list) {
            detail(d);
        }
        end(name);
    }

    private void detail(TMetaDataPathDetail d) {
        if (absent("pathDetailArray", d, true)) {
            return;
        }
        start("pathDetailArray");
        text("path", d.getPath(), false);
        status("status", d.getStatus(), true);
        number("size", d.getSize());
        text("createdAtTime", XsdDateTime.print(d.getCreatedAtTime()), true);
        text("lastModificationTime", XsdDateTime.print(d.getLastModificationTime()), true);
        text("fileStorageType", d.getFileStorageType(), true);
        retention(d.getRetentionPolicyInfo());
        text("fileLocality", d.getFileLocality(), true);
        strings("arrayOfSpaceTokens", d.getArrayOfSpaceTokens());
        text("type", d.getType(), true);
        text("lifetimeAssigned", d.getLifetimeAssigned() == null ? null : d.getLifetimeAssigned().toString(), true);
        text("lifetimeLeft", d.getLifetimeLeft() == null ? null : d.getLifetimeLeft().toString(), true);
        owner(d.getOwnerPermission());
        group(d.getGroupPermission());
        text("otherPermission", d.getOtherPermission(), true);
        text("checkSumType", d.getCheckSumType(), false);
        text("checkSumValue", d.getCheckSumValue(), false);
        details("arrayOfSubPaths", d.getArrayOfSubPaths(), false);
        end("pathDetailArray");
    }

    private void status(String name, TReturnStatus s, boolean nillable) {
        if (absent(name, s, nillable)) {
            return;
        }
        start(name);
        text("statusCode", s.getStatusCode(), false);
        text("explanation", s.getExplanation(), false);
        end(name);
    }

    private void retention(TRetentionPolicyInfo r) {
        if (absent("retentionPolicyInfo", r, true)) {
            return;
        }
        start("retentionPolicyInfo");
        text("retentionPolicy", r.getRetentionPolicy(), false);
        text("accessLatency", r.getAccessLatency(), true);
        end("retentionPolicyInfo");
    }

    private void owner(TUserPermission p) {
        if (absent("ownerPermission", p, true)) {
            return;
        }
        start("ownerPermission");
        text("userID", p.getUserID(), false);
        text("mode", p.getMode(), false);
        end("ownerPermission");
    }

    private void group(TGroupPermission p) {
        if (absent("groupPermission", p, true)) {
            return;
        }
        start("groupPermission");
        text("groupID", p.getGroupID(), false);
        text("mode", p.getMode(), false);
        end("groupPermission");
    }

    private void strings(String name, ArrayOfString a) {
        if (absent(name, a, false)) {
            return;
        }
        start(name);
        for (String s : a.getStringArray()) {
            text("stringArray", s, true);
        }
        end(name);
    }

    private void number(String name, BigInteger n) {
        text(name, n == null ? null : n.toString(), true);
    }

    private void text(String name, String value, boolean nillable) {
        if (absent(name, value, nillable)) {
            return;
        }
        start(name);
        escaped(value);
        end(name);
    }

    /** True when there is nothing more to write: the value is absent (and written as nil if it may be). */
    private boolean absent(String name, Object value, boolean nillable) {
        if (value != null) {
            return false;
        }
        if (nillable) {
            put('<');
            ascii(name);
            bytes(NIL_ATTRIBUTES);
        }
        return true;
    }

    private void start(String name) {
        put('<');
        ascii(name);
        put('>');
    }

    private void end(String name) {
        put('<');
        put('/');
        ascii(name);
        put('>');
    }

    private void ascii(String name) {
        room(name.length());
        for (int i = 0; i < name.length(); i++) {
            buf[len++] = (byte) name.charAt(i);
        }
    }

    private void put(char c) {
        room(1);
        buf[len++] = (byte) c;
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

    /** Element text as JAXB's minimum escaping writes it: {@code & < > \r} as references, the rest as UTF-8. */
    private void escaped(String s) {
        int plain = 0;
        for (int i = 0; i < s.length(); i++) {
            String reference = switch (s.charAt(i)) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '\r' -> "&#xD;";
                default -> null;
            };
            if (reference != null) {
                utf8(s, plain, i);
                ascii(reference);
                plain = i + 1;
            }
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
