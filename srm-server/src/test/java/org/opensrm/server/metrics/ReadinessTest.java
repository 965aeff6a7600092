package org.opensrm.server.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.common.SrmException;
import org.opensrm.core.RequestStore;

/**
 * The load balancer's checks over real HTTP: {@code /-/ready} follows the SRM port and the store, {@code /-/live}
 * the SRM port only, each answered from the background probe.
 */
@Timeout(60)
class ReadinessTest {
    private final AtomicBoolean storeUp = new AtomicBoolean(true);
    private ServerSocket srmPort;
    private Readiness readiness;
    private HttpServer http;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws IOException {
        srmPort = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        int port = srmPort.getLocalPort();
        RequestStore store = (RequestStore) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {RequestStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("ping")) {
                        if (!storeUp.get()) {
                            throw SrmException.internal("request store unavailable", null);
                        }
                        return null;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        readiness = new Readiness("127.0.0.1", () -> port, Optional.of(store));
        readiness.start();
        http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/", readiness);
        http.start();
    }

    @AfterEach
    void stop() throws IOException {
        http.stop(0);
        readiness.close();
        srmPort.close();
    }

    @Test
    void readyFollowsTheStoreAndLiveDoesNot() throws Exception {
        assertEquals(200, get(Readiness.READY).statusCode());
        assertEquals("ready\n", get(Readiness.READY).body());

        storeUp.set(false);
        HttpResponse<String> down = await(Readiness.READY, r -> r.statusCode() == 503);
        assertTrue(down.body().contains("request store unreachable"), down.body());
        assertEquals(200, get(Readiness.LIVE).statusCode(), "the SRM port still accepts connections");

        storeUp.set(true);
        await(Readiness.READY, r -> r.statusCode() == 200);
    }

    @Test
    void aClosedSrmPortIsNeitherLiveNorReady() throws Exception {
        srmPort.close();
        HttpResponse<String> live = await(Readiness.LIVE, r -> r.statusCode() == 503);
        assertTrue(live.body().contains("does not accept connections"), live.body());
        assertEquals(503, get(Readiness.READY).statusCode());
        assertEquals(404, get("/other").statusCode());
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http.getAddress().getPort()
                + path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Asks {@code path} until the answer matches (the probe runs every second); fails after 10 s. */
    private HttpResponse<String> await(String path, Predicate<HttpResponse<String>> until) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        HttpResponse<String> r = get(path);
        while (!until.test(r)) {
            assertTrue(System.nanoTime() < deadline, "still " + r.statusCode() + " " + r.body());
            Thread.sleep(50);
            r = get(path);
        }
        return r;
    }
}
