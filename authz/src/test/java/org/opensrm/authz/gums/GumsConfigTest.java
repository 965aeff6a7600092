package org.opensrm.authz.gums;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GumsConfigTest {
    private static final URI GUMS = URI.create("https://gums.example.org:8443/gums/services/GUMSXACMLAuthorizationServicePort");

    private static GumsConfig.Builder builder(URI endpoint) throws Exception {
        return GumsConfig.builder(endpoint, SSLContext.getDefault(), "se.example.org", "/DC=org/CN=se.example.org");
    }

    @Test
    void defaultsAreTheDocumentedOnes() throws Exception {
        GumsConfig c = builder(GUMS).build();
        assertEquals(Duration.ofSeconds(5), c.timeout());
        assertEquals(Duration.ofMinutes(10), c.cacheTtl());
        assertEquals(Duration.ofMinutes(1), c.negativeCacheTtl());
        assertEquals(10_000, c.cacheSize());
    }

    @Test
    void badSettingsAreRefusedSayingWhich() throws Exception {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> builder(URI.create("http://gums:8080/x")).build())
                .getMessage().contains("https"));
        assertThrows(IllegalArgumentException.class, () -> builder(GUMS).timeout(Duration.ZERO).build());
        assertThrows(IllegalArgumentException.class, () -> builder(GUMS).cacheSize(0).build());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> builder(GUMS).cacheTtl(Duration.ofMinutes(1))
                .negativeCacheTtl(Duration.ofMinutes(2)).build()).getMessage().contains("negative"));
    }

    @Test
    void unreadableCredentialsNameTheFiles(@TempDir Path dir) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GumsTls.hostContext(
                dir.resolve("hostcert.pem"), dir.resolve("hostkey.pem"), dir));
        assertTrue(e.getMessage().contains("hostcert.pem"), e.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GumsTls.subjectOf(dir.resolve("none.pem")))
                .getMessage().contains("none.pem"));
    }
}
