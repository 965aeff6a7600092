package org.opensrm.stores;

import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opensrm.common.SrmException;
import org.opensrm.core.RequestStore;

/**
 * Frontends sharing one new database of the {@link SharedPostgres} for each test: {@link #frontend} opens the store
 * as the frontend of that name (with its lease); every store opened is closed after the test. Register it on an
 * instance field with {@code @RegisterExtension}, beside the class's static {@link SharedPostgres}.
 */
public final class OpenedFrontends implements BeforeEachCallback, AfterEachCallback {
    private final SharedPostgres postgres;
    private final int poolSize;
    private final List<RequestStore> opened = new ArrayList<>();
    private PostgresFixture fixture;

    /** @param poolSize each store's connections */
    public OpenedFrontends(SharedPostgres postgres, int poolSize) {
        this.postgres = postgres;
        this.poolSize = poolSize;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        fixture = postgres.newFixture(poolSize);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        opened.forEach(RequestStore::close);
        opened.clear();
    }

    /** The store as frontend {@code name} opens it, closed after the test. */
    public RequestStore frontend(String name) throws SrmException {
        RequestStore s = fixture.openAs(name, Clock.systemUTC());
        opened.add(s);
        return s;
    }
}
