package org.opensrm.server.soap;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.server.soap.gen.ArrayOfAnyURI;
import org.opensrm.server.soap.gen.ArrayOfString;
import org.opensrm.server.soap.gen.ArrayOfTSURLReturnStatus;
import org.opensrm.server.soap.gen.TReturnStatus;
import org.opensrm.server.soap.gen.TSURLReturnStatus;
import org.opensrm.core.service.FileOutcome;

/** Conversions between wire values and domain values, shared by the operations. */
public final class Wire {
    private static final String[] MODE_NAMES = {"NONE", "X", "W", "WX", "R", "RX", "RW", "RWX"};

    private Wire() {
    }

    public static TReturnStatus status(SrmStatus code, String explanation) {
        TReturnStatus s = new TReturnStatus();
        s.setStatusCode(code.name());
        if (explanation != null && !explanation.isEmpty()) {
            s.setExplanation(explanation);
        }
        return s;
    }

    public static TReturnStatus success() {
        return status(SrmStatus.SRM_SUCCESS, null);
    }

    public static List<String> urls(ArrayOfAnyURI array) {
        if (array == null || array.getUrlArray() == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String s : array.getUrlArray()) {
            if (s != null) {
                out.add(s.trim());
            }
        }
        return out;
    }

    public static List<String> strings(ArrayOfString array) {
        if (array == null || array.getStringArray() == null) {
            return List.of();
        }
        return array.getStringArray().stream().filter(s -> s != null).map(String::trim).toList();
    }

    public static ArrayOfString stringArray(List<String> values) {
        ArrayOfString a = new ArrayOfString();
        a.getStringArray().addAll(values);
        return a;
    }

    public static ArrayOfTSURLReturnStatus surlStatuses(List<FileOutcome> outcomes) {
        ArrayOfTSURLReturnStatus a = new ArrayOfTSURLReturnStatus();
        for (FileOutcome o : outcomes) {
            TSURLReturnStatus s = new TSURLReturnStatus();
            s.setSurl(o.surl());
            s.setStatus(status(o.status(), o.explanation()));
            a.getStatusArray().add(s);
        }
        return a;
    }

    public static BigInteger size(Long bytes) {
        return bytes == null ? null : BigInteger.valueOf(bytes);
    }

    /** Permission bits as a {@code TPermissionMode} name. */
    public static String mode(int bits) {
        return MODE_NAMES[bits & 7];
    }

    /**
     * A {@code TPermissionMode}, by name ("RW") or, as gfal2 sends it, by digit ("6"); null stays null.
     *
     * @throws SrmException {@code SRM_INVALID_REQUEST} naming the field and value otherwise
     */
    public static Integer modeBits(String field, String value) throws SrmException {
        if (value == null) {
            return null;
        }
        String v = value.trim().toUpperCase(Locale.ROOT);
        if (v.length() == 1 && v.charAt(0) >= '0' && v.charAt(0) <= '7') {
            return v.charAt(0) - '0';
        }
        for (int i = 0; i < MODE_NAMES.length; i++) {
            if (MODE_NAMES[i].equals(v)) {
                return i;
            }
        }
        throw SrmException.invalidRequest(field + " is not a TPermissionMode: '" + value + "'");
    }

    /** An enumeration value checked against its allowed names; null when absent. */
    public static String enumValue(String field, String value, String... allowed) throws SrmException {
        if (value == null) {
            return null;
        }
        String v = value.trim();
        for (String a : allowed) {
            if (a.equals(v)) {
                return a;
            }
        }
        throw SrmException.invalidRequest(field + " must be one of " + String.join(", ", allowed) + ", got '" + value + "'");
    }

    /** An optional count or offset: 0 when absent; {@code SRM_INVALID_REQUEST} naming the field when negative. */
    public static int notNegative(String field, Integer value) throws SrmException {
        if (value == null) {
            return 0;
        }
        if (value < 0) {
            throw SrmException.invalidRequest(field + " must not be negative, got " + value);
        }
        return value;
    }

    public static String require(String field, String value) throws SrmException {
        if (value == null || value.isBlank()) {
            throw SrmException.invalidRequest(field + " is missing");
        }
        return value.trim();
    }

    public static <T> T require(String field, T value) throws SrmException {
        if (value == null) {
            throw SrmException.invalidRequest(field + " is missing");
        }
        return value;
    }
}
