package org.opensrm.transport.internal;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jetty.io.AbstractConnection;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.util.BufferUtil;
import org.eclipse.jetty.util.Callback;
import org.opensrm.authz.DelegatedCredential;
import org.opensrm.authz.DelegatedCredentials;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * First application-level step of every connection (it also drives the TLS handshake, as the first reader of
 * the TLS end point). On the first bytes:
 * <ul>
 * <li>{@code '0'}: GSI without delegation; the byte is consumed, the rest goes to the next protocol;</li>
 * <li>a lone {@code 'D'}: GSI delegation. The server sends a DER PKCS#10 request for a key it generates, the
 * client answers with the DER proxy certificate it signed for that key, optionally followed by the DER
 * certificates of its own chain, in one write (Globus and JGlobus clients send them as one TLS record). The
 * answer ends where the bytes stop or where something other than a DER SEQUENCE starts (the HTTP request, which
 * then goes to the next protocol). A valid answer ({@link Delegation}) is recorded in {@link DelegatedCredentials}
 * for this connection until it closes; anything else is logged and the connection closed. (An HTTP
 * {@code DELETE} never arrives as a lone 'D': clients write the request line in one piece.) Verified with Globus
 * GSSAPI itself (CGSI-gSOAP 1.3.11, gfal2's stack, {@code CgsiDelegationInteropTest}), whose chain includes its
 * CA.</li>
 * <li>anything else: plain HTTPS, every byte goes to the next protocol.</li>
 * </ul>
 * All of it lies within the handshake deadline: a client that stalls during delegation is closed by it.
 */
final class GsiConnection extends AbstractConnection implements Connection.UpgradeFrom, Connection.UpgradeTo {
    static final byte NO_DELEGATION = '0';
    static final byte DELEGATION = 'D';
    /** Bound on the client's delegation answer: a proxy and a chain of VOMS-extended proxies fit many times over. */
    static final int MAX_ANSWER = 64 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(GsiConnection.class);

    private final Connector connector;
    private final ConnectionFactory next;
    private final Delegation delegation;
    private final DelegatedCredentials credentials;
    private ByteBuffer buffer;
    /** Set while waiting for the client's answer to the certificate request. */
    private Delegation.Offer offer;
    private final List<byte[]> answer = new ArrayList<>();

    GsiConnection(EndPoint endPoint, Connector connector, ConnectionFactory next, int bufferSize,
            Delegation delegation, DelegatedCredentials credentials) {
        super(endPoint, connector.getExecutor());
        this.connector = connector;
        this.next = next;
        this.delegation = delegation;
        this.credentials = credentials;
        this.buffer = BufferUtil.allocate(bufferSize);
    }

    @Override
    public void onUpgradeTo(ByteBuffer prefilled) {
        BufferUtil.append(buffer, prefilled);
    }

    @Override
    public ByteBuffer onUpgradeFrom() {
        return buffer.hasRemaining() ? buffer : null;
    }

    @Override
    public void onOpen() {
        super.onOpen();
        if (buffer.hasRemaining()) {
            decide();
        } else {
            fillInterested();
        }
    }

    @Override
    public void onFillable() {
        try {
            if (offer != null && buffer.remaining() == buffer.capacity()) {
                grow();
            }
            int filled = getEndPoint().fill(buffer);
            if (filled < 0) {
                if (offer != null) {
                    LOG.info("GSI delegation from {} abandoned: the client closed the connection",
                            getEndPoint().getRemoteSocketAddress());
                }
                getEndPoint().close();
            } else if (filled == 0 && !buffer.hasRemaining()) {
                fillInterested();
            } else if (offer != null) {
                readAnswer();
            } else {
                decide();
            }
        } catch (DelegationRefused refused) {
            refuse(refused.getMessage());
        } catch (Throwable failure) {
            // typically a refused client chain (already logged by the trust manager) or a reset connection
            LOG.debug("connection from {} failed before its first request: {}",
                    getEndPoint().getRemoteSocketAddress(), failure.toString());
            getEndPoint().close(failure);
        }
    }

    private void decide() {
        byte first = buffer.get(buffer.position());
        if (first == DELEGATION && buffer.remaining() == 1) {
            BufferUtil.clear(buffer);
            offerDelegation();
            return;
        }
        if (first == NO_DELEGATION) {
            buffer.get();
        }
        getEndPoint().upgrade(next.newConnection(connector, getEndPoint()));
    }

    private void offerDelegation() {
        if (peerChain() == null) {
            refuse("no client certificate to delegate from");
            return;
        }
        try {
            offer = delegation.offer();
        } catch (GeneralSecurityException e) {
            LOG.warn("cannot offer GSI delegation to {}: {}", getEndPoint().getRemoteSocketAddress(), e.toString());
            getEndPoint().close();
            return;
        }
        getEndPoint().write(Callback.from(this::fillInterested, failure -> {
            LOG.debug("sending the delegation request to {} failed: {}", getEndPoint().getRemoteSocketAddress(),
                    failure.toString());
            getEndPoint().close(failure);
        }), ByteBuffer.wrap(offer.request()));
    }

    /** Takes the complete certificates from the buffer; once the answer is complete, judges it. */
    private void readAnswer() throws DelegationRefused {
        while (buffer.hasRemaining()) {
            if (!answer.isEmpty() && buffer.get(buffer.position()) != DerElements.SEQUENCE) {
                break; // the HTTP request follows the answer
            }
            int length = DerElements.completeLength(buffer, MAX_ANSWER);
            if (length < 0) {
                fillInterested();
                return;
            }
            if (answerSize() + length > MAX_ANSWER) {
                throw new DelegationRefused("answer longer than " + MAX_ANSWER + " bytes");
            }
            byte[] der = new byte[length];
            buffer.get(der);
            answer.add(der);
        }
        if (answer.isEmpty()) {
            fillInterested();
            return;
        }
        X509Certificate[] peer = peerChain();
        DelegatedCredential credential = offer.accept(answer, peer, DistinguishedNames.endEntityDn(peer));
        offer = null;
        answer.clear();
        EndPoint endPoint = getEndPoint();
        Connection http = next.newConnection(connector, endPoint);
        credentials.delegated(endPoint, credential);
        http.addEventListener(new Connection.Listener() {
            @Override
            public void onClosed(Connection connection) {
                credentials.connectionClosed(endPoint);
            }
        });
        LOG.debug("GSI delegation from {} accepted: {}", endPoint.getRemoteSocketAddress(), credential);
        endPoint.upgrade(http);
    }

    private void refuse(String reason) {
        X509Certificate[] peer = peerChain();
        LOG.info("GSI delegation from {} ({}) refused: {}; closing the connection",
                getEndPoint().getRemoteSocketAddress(),
                peer == null ? "no certificate" : DistinguishedNames.endEntityDn(peer),
                reason);
        offer = null;
        answer.clear();
        BufferUtil.clear(buffer);
        getEndPoint().close();
    }

    private int answerSize() {
        int size = 0;
        for (byte[] der : answer) {
            size += der.length;
        }
        return size;
    }

    /** A full buffer holding part of one certificate: a bigger one, up to {@link #MAX_ANSWER}. */
    private void grow() throws DelegationRefused {
        if (buffer.capacity() >= MAX_ANSWER) {
            throw new DelegationRefused("answer longer than " + MAX_ANSWER + " bytes");
        }
        ByteBuffer bigger = BufferUtil.allocate(Math.min(MAX_ANSWER, buffer.capacity() * 2));
        BufferUtil.append(bigger, buffer);
        buffer = bigger;
    }

    private X509Certificate[] peerChain() {
        EndPoint.SslSessionData ssl = getEndPoint().getSslSessionData();
        X509Certificate[] chain = ssl == null ? null : ssl.peerCertificates();
        return chain == null || chain.length == 0 ? null : chain;
    }
}
