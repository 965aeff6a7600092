package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Random;
import org.junit.jupiter.api.Test;

class XsdDateTimeTest {
    @Test
    void printsUtcWithMillisecondsAndZ() {
        assertEquals("2026-11-24T09:05:03.042Z", XsdDateTime.print(Instant.parse("2026-11-24T09:05:03.042917Z")));
        assertEquals("1970-01-01T00:00:00.000Z", XsdDateTime.print(Instant.EPOCH));
        assertEquals("0001-02-03T04:05:06.700Z", XsdDateTime.print(Instant.parse("0001-02-03T04:05:06.7Z")));
        assertNull(XsdDateTime.print(null));
    }

    @Test
    void printsWhatTheJavaTimeFormatterPrintsForAnyInstantOfFourDigitYears() {
        DateTimeFormatter iso = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'");
        Random random = new Random(7);
        for (int i = 0; i < 10_000; i++) {
            Instant t = Instant.ofEpochSecond(random.nextLong(-62_000_000_000L, 253_000_000_000L),
                    random.nextInt(1_000_000_000));
            assertEquals(iso.format(t.atOffset(ZoneOffset.UTC)), XsdDateTime.print(t), t::toString);
        }
    }

    @Test
    void parsesWithOrWithoutAnOffset() {
        assertEquals(Instant.parse("2026-11-23T10:00:00Z"), XsdDateTime.parse("2026-11-23T10:00:00Z"));
        assertEquals(OffsetDateTime.parse("2026-11-23T10:00:00+02:00").toInstant(),
                XsdDateTime.parse(" 2026-11-23T10:00:00+02:00 "));
        assertEquals(Instant.parse("2026-11-23T10:00:00Z"), XsdDateTime.parse("2026-11-23T10:00:00"));
        assertThrows(IllegalArgumentException.class, () -> XsdDateTime.parse("yesterday"));
        assertNull(XsdDateTime.parse(null));
    }
}
