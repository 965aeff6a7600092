package org.opensrm.loadtest.internal;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.Socket;
import java.util.concurrent.Semaphore;
import java.util.function.LongConsumer;

import org.opensrm.client.HttpgClient;
import org.opensrm.loadtest.LoadTestConfig;
import org.opensrm.loadtest.SrmEndpoint;

/**
 * Opens the run's connections to its endpoint with the client module's {@link HttpgClient}: TCP connect, TLS
 * handshake presenting the proxy chain as client certificate, then the single {@code '0'} byte (no delegation)
 * when the endpoint is {@code httpg://}. The bytes under TLS are traced ({@link HandshakeTrace}), so that a failed
 * set-up says whose side was late. Thread-safe; shared by all clients of a run.
 */
public final class HttpgConnector {
    private final SrmEndpoint endpoint;
    private final HttpgClient client;
    /** Connections being set up at once ({@link LoadTestConfig#maxHandshakes()}); null: no bound. */
    private final Semaphore slots;

    private HttpgConnector(SrmEndpoint endpoint, HttpgClient client, int maxHandshakes) {
        this.endpoint = endpoint;
        this.client = client;
        this.slots = maxHandshakes > 0 ? new Semaphore(maxHandshakes, true) : null;
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
        return new HttpgConnector(config.endpoint(), client, config.maxHandshakes());
    }

    public SrmEndpoint endpoint() {
        return endpoint;
    }

    /**
     * A connected, authenticated connection ready for HTTP requests.
     *
     * @param answers told how long the client took to answer the server's flights (the longest), on success
     * @throws ConnectFailure when the connection could not be set up, saying why as the client saw it
     */
    public SoapConnection open(LongConsumer answers) throws ConnectFailure {
        if (slots == null) {
            return setUp(answers);
        }
        try {
            slots.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConnectFailure("interrupted while waiting for a handshake slot", 0,
                    new InterruptedIOException("stopped"));
        }
        try {
            return setUp(answers);
        } finally {
            slots.release();
        }
    }

    /** {@link #open(LongConsumer)} without the answer times. */
    public SoapConnection open() throws ConnectFailure {
        return open(nanos -> { });
    }

    private SoapConnection setUp(LongConsumer answers) throws ConnectFailure {
        HandshakeTrace trace = new HandshakeTrace();
        Socket tcp = new TracedSocket(trace);
        try {
            SoapConnection connection = new SoapConnection(client.keepAlive(endpoint.host(), endpoint.port(), tcp),
                    endpoint);
            answers.accept(trace.longestAnswerNanos());
            trace.finish();
            return connection;
        } catch (IOException e) {
            throw new ConnectFailure(trace.reason(e, tcp.isConnected()), trace.longestAnswerNanos(), e);
        }
    }
}
