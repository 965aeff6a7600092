package org.opensrm.server.e2e;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.opensrm.server.SrmServer;
import org.opensrm.testkit.HaproxyProcess;

/**
 * Two frontends of one {@link E2eSite} behind a real HAProxy in TCP mode, checked on their metrics ports as
 * {@code conf/haproxy.cfg} checks them: frontend {@value #A} is the site's own server (start the site with
 * {@code metrics.port=0}), frontend {@value #B} is started here with the site's settings and {@code extra} on top.
 * Clients reach either through {@link #port()}; {@link #stopB()} stops B as a crash of its host would look to the
 * balancer (its ports close).
 */
final class BalancedFrontends implements AutoCloseable {
    static final String A = "a";
    static final String B = "b";

    private final E2eSite site;
    private final SrmServer frontendB;
    private final HaproxyProcess haproxy;
    private boolean bStopped;

    private BalancedFrontends(E2eSite site, SrmServer frontendB, HaproxyProcess haproxy) {
        this.site = site;
        this.frontendB = frontendB;
        this.haproxy = haproxy;
    }

    static BalancedFrontends start(E2eSite site, Map<String, String> extra) throws Exception {
        Map<String, String> settings = new HashMap<>(extra);
        settings.put("metrics.port", "0");
        SrmServer b = site.frontend(B, settings);
        try {
            SrmServer a = site.server();
            Path dir = site.scratch("haproxy");
            HaproxyProcess haproxy = HaproxyProcess.start(dir, List.of(
                    new HaproxyProcess.Server(A, a.port(), a.metricsPort()),
                    new HaproxyProcess.Server(B, b.port(), b.metricsPort())));
            return new BalancedFrontends(site, b, haproxy);
        } catch (Exception | Error e) {
            b.close();
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

    @Override
    public void close() throws Exception {
        try {
            haproxy.close();
        } finally {
            if (!bStopped) {
                frontendB.close();
            }
        }
    }
}
