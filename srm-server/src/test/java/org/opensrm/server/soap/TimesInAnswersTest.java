package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.opensrm.client.HttpgResponse;

/**
 * The times in answers are UTC, written with a {@code Z}, whatever the JVM's default time zone: the test sets
 * another default, so no other class runs meanwhile. On the site the SOAP classes share ({@link SharedSrmSite}).
 */
@Isolated("sets the JVM's default time zone")
@ExtendWith(SharedSrmSite.class)
class TimesInAnswersTest {
    @Test
    void timesInAnswersAreUtcWithZ(RealSrmSite site) throws Exception {
        Path file = site.root().resolve("timed.bin");
        Files.writeString(file, "payload of timed.bin");
        Files.setOwner(file, file.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(RealSrmSite.ACCOUNT));
        TimeZone before = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("America/Los_Angeles"));
        try {
            HttpgResponse r = site.call("<srm2:srmLs><srmLsRequest><arrayOfSURLs><urlArray>srm://127.0.0.1/timed.bin"
                    + "</urlArray></arrayOfSURLs><fullDetailedList>true</fullDetailedList><numOfLevels>0"
                    + "</numOfLevels></srmLsRequest></srm2:srmLs>");
            SoapAnswers.assertStatusOrFault(r);
            assertEquals("SRM_SUCCESS", r.text("srmLsResponse/returnStatus/statusCode"), r::toString);
            List<String> times = new ArrayList<>(r.texts("createdAtTime"));
            times.addAll(r.texts("lastModificationTime"));
            assertEquals(2, times.size(), r::toString);
            for (String t : times) {
                assertTrue(t.endsWith("Z"), () -> t + " in " + r);
            }
        } finally {
            TimeZone.setDefault(before);
        }
    }
}
