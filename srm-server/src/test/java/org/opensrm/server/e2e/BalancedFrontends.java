package org.opensrm.server.e2e;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.opensrm.server.LaunchedServer;
import org.opensrm.server.SrmServer;
import org.opensrm.testkit.HaproxyProcess;

/**
 * Frontends of one {@link E2eSite} behind a real HAProxy in TCP mode, checked on their metrics ports as
 * {@code conf/haproxy.cfg} checks them: frontend {@value #A} is the site's own server (start the site with
 * {@code metrics.port=0}); frontend {@value #B} is started here in this JVM with the site's settings and
 * {@code extra} on top; with {@code killable}, frontend {@value #C} too, in a JVM of its own
 * ({@link LaunchedServer}) so that {@link #killC()} can SIGKILL it. Clients reach them through {@link #port()}.
 */
final class BalancedFrontends implements AutoCloseable {
    static final String A = "a";
    static final String B = "b";
    static final String C = "c";

    private final SrmServer frontendB;
    private final LaunchedServer frontendC;
    private final HaproxyProcess haproxy;
    private boolean bStopped;

    private BalancedFrontends(SrmServer frontendB, LaunchedServer frontendC, HaproxyProcess haproxy) {
        this.frontendB = frontendB;
        this.frontendC = frontendC;
        this.haproxy = haproxy;
    }

    static BalancedFrontends start(E2eSite site, Map<String, String> extra, boolean killable) throws Exception {
        Map<String, String> settings = new HashMap<>(extra);
        settings.put("metrics.port", "0");
        SrmServer b = site.frontend(B, settings);
        LaunchedServer c = null;
        try {
            SrmServer a = site.server();
            List<HaproxyProcess.Server> servers = new ArrayList<>(List.of(
                    new HaproxyProcess.Server(A, a.port(), a.metricsPort()),
                    new HaproxyProcess.Server(B, b.port(), b.metricsPort())));
            if (killable) {
                Path work = site.scratch("frontend-c");
                int metricsPort = freePort();
                settings.put("metrics.port", String.valueOf(metricsPort));
                settings.put("srm.port", "0");
                settings.put("srm.state.dir", work.resolve("state").toString());
                c = site.launch(work, settings, "frontend-c.log");
                servers.add(new HaproxyProcess.Server(C, c.port(), metricsPort));
            }
            return new BalancedFrontends(b, c, HaproxyProcess.start(site.scratch("haproxy"), servers));
        } catch (Exception | Error e) {
            b.close();
            if (c != null) {
                c.close();
            }
            throw e;
        }
    }

    /** The balancer's port. */
    int port() {
        return haproxy.port();
    }

    /** {@code srm://localhost:PORT/path} through the balancer. */
    String surl(String path) {
        return E2eSite.surl(haproxy.port(), path);
    }

    HaproxyProcess haproxy() {
        return haproxy;
    }

    /** Stops frontend B: its SRM and metrics ports close. */
    void stopB() {
        bStopped = true;
        frontendB.close();
    }

    /** SIGKILL to frontend C's JVM. */
    void killC() throws InterruptedException {
        frontendC.kill();
    }

    @Override
    public void close() throws Exception {
        try {
            haproxy.close();
        } finally {
            if (!bStopped) {
                frontendB.close();
            }
            if (frontendC != null) {
                frontendC.close();
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
