package org.opensrm.loadtest.internal;

import java.io.IOException;

import org.opensrm.client.HttpgClient;
import org.opensrm.loadtest.LoadTestConfig;
import org.opensrm.loadtest.SrmEndpoint;

/**
 * Opens the run's connections to its endpoint with the client module's {@link HttpgClient}: TCP connect, TLS
 * handshake presenting the proxy chain as client certificate, then the single {@code '0'} byte (no delegation)
 * when the endpoint is {@code httpg://}. Thread-safe; shared by all clients of a run.
 */
public final class HttpgConnector {
    private final SrmEndpoint endpoint;
    private final HttpgClient client;

    private HttpgConnector(SrmEndpoint endpoint, HttpgClient client) {
        this.endpoint = endpoint;
        this.client = client;
    }

    /** Reads the proxy file and CA directory named by the configuration, once. */
    public static HttpgConnector fromConfig(LoadTestConfig config) throws IOException {
        HttpgClient trusting = config.insecureTrust() ? HttpgClient.trustingAnyServer(null)
                : HttpgClient.trusting(config.caDir().orElseThrow()).verifyingHostName(true);
        HttpgClient client = trusting.withProxyFileRead(config.proxyFile())
                .withTimeoutMillis((int) Math.min(Integer.MAX_VALUE, config.requestTimeout().toMillis()));
        if (!config.endpoint().gsiByte()) {
            client = client.noGsiByte();
        }
        if (config.tlsResumption()) {
            client = client.resumingSessions();
        }
        return new HttpgConnector(config.endpoint(), client);
    }

    public SrmEndpoint endpoint() {
        return endpoint;
    }

    /** A connected, authenticated connection ready for HTTP requests. */
    public SoapConnection open() throws IOException {
        return new SoapConnection(client.keepAlive(endpoint.host(), endpoint.port()), endpoint);
    }
}
