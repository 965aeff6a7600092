package org.opensrm.server.e2e;

import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One site for the tests of a class, started before them (and before the class's own {@code @BeforeAll}) and closed
 * after them: {@code @RegisterExtension static final OneSite SITE = new OneSite(E2eSite.FULL_MODE);}.
 */
final class OneSite implements BeforeAllCallback, AfterAllCallback {
    private final Map<String, String> overrides;
    private E2eSite site;

    OneSite(Map<String, String> overrides) {
        this.overrides = Map.copyOf(overrides);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        site = E2eSite.start(overrides);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (site != null) {
            site.close();
            site = null;
        }
    }

    E2eSite site() {
        return site;
    }
}
