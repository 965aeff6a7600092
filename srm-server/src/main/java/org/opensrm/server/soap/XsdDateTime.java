package org.opensrm.server.soap;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * {@code xsd:dateTime} as {@link Instant}: the binding of every dateTime field of the generated SOAP types (see
 * {@code src/main/jaxb/bindings.xjb}). Answers carry UTC with milliseconds and {@code Z}, whatever the server's
 * time zone. Written field by field: JAXB printing an {@code XMLGregorianCalendar} (and checking each one's
 * implementation class against the declared type) cost about a tenth of a listing's CPU.
 */
public final class XsdDateTime {
    private XsdDateTime() {
    }

    /** {@code 2026-11-24T09:05:03.042Z}; years outside 0..9999 as {@link Instant#toString()} writes them. */
    public static String print(Instant instant) {
        if (instant == null) {
            return null;
        }
        LocalDateTime t = LocalDateTime.ofEpochSecond(instant.getEpochSecond(), 0, ZoneOffset.UTC);
        int year = t.getYear();
        if (year < 0 || year > 9999) {
            return instant.toString();
        }
        char[] c = new char[24];
        digits(c, 0, year, 4);
        c[4] = '-';
        digits(c, 5, t.getMonthValue(), 2);
        c[7] = '-';
        digits(c, 8, t.getDayOfMonth(), 2);
        c[10] = 'T';
        digits(c, 11, t.getHour(), 2);
        c[13] = ':';
        digits(c, 14, t.getMinute(), 2);
        c[16] = ':';
        digits(c, 17, t.getSecond(), 2);
        c[19] = '.';
        digits(c, 20, instant.getNano() / 1_000_000, 3);
        c[23] = 'Z';
        return new String(c);
    }

    /** A value with an offset, or without one (taken as UTC); {@link IllegalArgumentException} otherwise. */
    public static Instant parse(String value) {
        if (value == null) {
            return null;
        }
        String v = value.strip();
        try {
            return OffsetDateTime.parse(v).toInstant();
        } catch (DateTimeParseException e) {
            try {
                return LocalDateTime.parse(v).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException e2) {
                throw new IllegalArgumentException("not an xsd:dateTime: '" + value + "'", e2);
            }
        }
    }

    private static void digits(char[] c, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            c[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }
}
