package org.opensrm.server.soap;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.opensrm.authz.Authorizer;
import org.opensrm.client.HttpgClient;
import org.opensrm.common.Account;
import org.opensrm.transport.HttpgServer;
import org.opensrm.transport.Peers;
import org.opensrm.transport.TransportConfig;

/**
 * The real SOAP edge (servlet, JAX-WS RI, Axis normaliser, operation table, {@link SoapCalls}) served by the real
 * {@link HttpgServer} on a free loopback port, in front of {@link RecordingOperations} instead of the core.
 */
final class RecordingEdge implements AutoCloseable {
    static final int MAX_BODY = 8 * 1024 * 1024;
    static final Account ACCOUNT = new Account("srmuser1", 1001, 1002, Set.of(1002));

    private final EdgePki pki;
    private final RecordingOperations ops;
    private final HttpgServer server;

    private RecordingEdge(EdgePki pki, RecordingOperations ops, HttpgServer server) {
        this.pki = pki;
        this.ops = ops;
        this.server = server;
    }

    static RecordingEdge start(Path dir) throws Exception {
        EdgePki pki = EdgePki.create(dir);
        RecordingOperations ops = new RecordingOperations();
        Authorizer anyoneIsSrmuser1 = client -> ACCOUNT;
        SoapServlet servlet = new SoapServlet(ops.operations(), new SoapCalls(anyoneIsSrmuser1), Peers::identity,
                AdmissionControl.unlimited(), new RequestLimits(MAX_BODY, 10_000, 1000));
        HttpgServer server = new HttpgServer(TransportConfig.builder().host("127.0.0.1").port(0)
                .hostCert(pki.hostCert()).hostKey(pki.hostKey()).caDir(pki.trustDir())
                .build(), servlet, List.of("/srm/managerv2", "/srm/v2/server"));
        try {
            server.start();
        } catch (Exception e) {
            server.close();
            throw e;
        }
        return new RecordingEdge(pki, ops, server);
    }

    int port() {
        return server.port();
    }

    HttpgClient client() {
        return pki.client();
    }

    RecordingOperations ops() {
        return ops;
    }

    @Override
    public void close() {
        server.close();
    }
}
