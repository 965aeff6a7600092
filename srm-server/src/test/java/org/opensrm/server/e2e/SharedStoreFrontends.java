package org.opensrm.server.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.opensrm.server.LaunchedServer;
import org.opensrm.server.SrmServer;
import org.opensrm.testkit.PostgresCluster;

/**
 * Several full-mode frontends of one {@link E2eSite} sharing one real PostgreSQL (started here): the site's own
 * server (frontend "a", in this JVM), more frontends in this JVM ({@link #inProcess}) and frontends in JVMs of their
 * own, as operators run them, that a test can SIGKILL ({@link #launched}). Each frontend has its own state directory
 * and a free port. {@link #close} stops them all, the site and the database, launched ones first.
 */
final class SharedStoreFrontends implements AutoCloseable {
    private final PostgresCluster postgres;
    private final String jdbcUrl;
    private final E2eSite site;
    private final List<SrmServer> inProcess = new ArrayList<>();
    private final List<LaunchedServer> launched = new ArrayList<>();

    private SharedStoreFrontends(PostgresCluster postgres, String jdbcUrl, E2eSite site) {
        this.postgres = postgres;
        this.jdbcUrl = jdbcUrl;
        this.site = site;
    }

    /** A database, and the site on it in full mode with {@code settings} on top (every frontend gets them). */
    static SharedStoreFrontends start(Map<String, String> settings) throws Exception {
        PostgresCluster postgres = PostgresCluster.create();
        try {
            String url = postgres.createDatabase("srm");
            Map<String, String> all = new HashMap<>(FullModeSites.onPostgres(url));
            all.putAll(settings);
            return new SharedStoreFrontends(postgres, url, E2eSite.start(all));
        } catch (Exception | Error e) {
            postgres.close();
            throw e;
        }
    }

    E2eSite site() {
        return site;
    }

    PostgresCluster postgres() {
        return postgres;
    }

    /** A connection to the shared database, for a test to read what the frontends keep there. */
    Connection sql() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, PostgresCluster.USER, "");
    }

    /** Another frontend in this JVM, {@code extra} on top of the site's settings; closed by {@link #close}. */
    SrmServer inProcess(String name, Map<String, String> extra) throws Exception {
        SrmServer s = site.frontend(name, extra);
        inProcess.add(s);
        return s;
    }

    /**
     * Another frontend in a JVM of its own ({@code bin/srm-server}), {@code extra} on top of the site's settings, its
     * state directory and log ({@code NAME.log}) under {@code frontend-NAME/}; closed (SIGTERM) by {@link #close}
     * unless the test killed it.
     */
    LaunchedServer launched(String name, Map<String, String> extra) throws Exception {
        Path work = site.base().resolve("frontend-" + name);
        Map<String, String> all = new LinkedHashMap<>(extra);
        all.put("srm.port", "0");
        all.put("srm.state.dir", Files.createDirectories(work.resolve("state")).toString());
        LaunchedServer s = site.launch(work, all, name + ".log");
        launched.add(s);
        return s;
    }

    @Override
    public void close() throws Exception {
        try {
            for (LaunchedServer s : launched) {
                if (s.alive()) {
                    s.close();
                }
            }
            inProcess.forEach(SrmServer::close);
            site.close();
        } finally {
            postgres.close();
        }
    }
}
