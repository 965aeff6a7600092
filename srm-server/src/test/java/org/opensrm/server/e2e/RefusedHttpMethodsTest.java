package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgConnection;
import org.opensrm.client.HttpgResponse;

/**
 * Issue 8, item 5: HTTP TRACE echoed the request (its headers, cookies and all) on paths outside the SRM mapping.
 * Every method but GET, HEAD and POST is answered 405 on every path; on the SOAP paths, GET without {@code ?wsdl}
 * and HEAD are 405 too (the servlet accepts POST only).
 */
@Timeout(120)
@Tag("integration")
class RefusedHttpMethodsTest {
    static E2eSite site;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of());
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @ParameterizedTest
    @CsvSource({"TRACE, /srm/managerv2", "TRACE, /", "TRACE, /nowhere", "TRACK, /srm/managerv2",
            "OPTIONS, /srm/managerv2", "PUT, /srm/managerv2", "DELETE, /srm/v2/server", "PATCH, /srm/managerv2",
            "GET, /srm/managerv2", "HEAD, /srm/managerv2"})
    void refusedWithoutEcho(String method, String path) throws Exception {
        HttpgClient client = new HttpgClient(site.alice().proxyFile(), site.grid().trustDir());
        try (HttpgConnection c = client.keepAlive("localhost", site.port())) {
            HttpgResponse r = c.request(method, path, Map.of("X-Echo-Me", "secret-42"), null);
            assertEquals(405, r.status(), method + " " + path + ": " + r);
            assertFalse(r.bodyText().contains("secret-42"), "echoed: " + r.bodyText());
        }
    }
}
