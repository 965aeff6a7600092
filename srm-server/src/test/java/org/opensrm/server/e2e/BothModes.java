package org.opensrm.server.e2e;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A gateway-mode and a full-mode site for the tests of one class that run in both modes, started before them and
 * closed after them: {@code @RegisterExtension static final BothModes SITES = new BothModes(Map.of(...));} and
 * {@link #site(String)} in a test parameterised by mode ({@code "gateway"}, {@code "full"}).
 */
final class BothModes implements BeforeAllCallback, AfterAllCallback {
    private final Map<String, String> overrides;
    private final Clock clock;
    private E2eSite gateway;
    private E2eSite full;

    /** @param overrides settings both sites get (full mode's keys are read in gateway mode too, and ignored) */
    BothModes(Map<String, String> overrides) {
        this(overrides, Clock.systemUTC());
    }

    /** As above, both servers counting lifetimes and idle times by {@code clock}. */
    BothModes(Map<String, String> overrides, Clock clock) {
        this.overrides = Map.copyOf(overrides);
        this.clock = clock;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        gateway = E2eSite.start(overrides, clock);
        Map<String, String> fullMode = new HashMap<>(overrides);
        fullMode.putAll(E2eSite.FULL_MODE);
        full = E2eSite.start(fullMode, clock);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (gateway != null) {
            gateway.close();
            gateway = null;
        }
        if (full != null) {
            full.close();
            full = null;
        }
    }

    /** The site of {@code mode}: {@code "full"}, else the gateway-mode one. */
    E2eSite site(String mode) {
        return mode.equals("full") ? full : gateway;
    }
}
