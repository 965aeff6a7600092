package org.opensrm.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import org.junit.jupiter.api.Test;

/** Which endpoint the SRM client calls for a SURL. */
class HttpgSrmClientTest {
    @Test
    void theEndpointIsTheSurlsHostPortAndWebServicePath() {
        assertEquals(URI.create("httpg://se.example.org:8446/srm/managerv2"),
                HttpgSrmClient.endpointOf(URI.create("srm://se.example.org:8446/srm/managerv2?SFN=/data/f")));
        assertEquals(URI.create("httpg://se.example.org:8443/srm/v2/server"),
                HttpgSrmClient.endpointOf(URI.create("srm://se.example.org/srm/v2/server?SFN=/data/f")));
        assertEquals(URI.create("httpg://se.example.org:8443/srm/managerv2"),
                HttpgSrmClient.endpointOf(URI.create("srm://se.example.org/data/f")));
    }
}
