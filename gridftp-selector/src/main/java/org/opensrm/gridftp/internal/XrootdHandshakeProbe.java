package org.opensrm.gridftp.internal;

import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.NodeStatus;

/**
 * The liveness probe of a {@code root://} door, in place of the GridFTP banner (an XRootD server greets no one: the
 * client speaks first): TCP connect, send the XRootD initial handshake (four zero words but the fourth, 4, then 2012),
 * read the server's 16-byte answer (stream 0, status {@code kXR_ok}, length 8, protocol version, server type), then
 * close. The door is up when that answer comes within the timeout; the detail names protocol and server type.
 */
public final class XrootdHandshakeProbe {
    private static final int KXR_OK = 0;
    private final Duration timeout;
    private final Clock clock;

    public XrootdHandshakeProbe(Duration timeout, Clock clock) {
        this.timeout = timeout;
        this.clock = clock;
    }

    public NodeStatus probe(GridFtpNode node) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(node.host(), node.port()), BoundedRead.millisLeft(deadline));
            socket.getOutputStream().write(ByteBuffer.allocate(20).putInt(0).putInt(0).putInt(0).putInt(4)
                    .putInt(2012).array());
            socket.getOutputStream().flush();
            socket.setSoTimeout(BoundedRead.millisLeft(deadline));
            byte[] answer = new byte[16];
            new DataInputStream(socket.getInputStream()).readFully(answer);
            ByteBuffer b = ByteBuffer.wrap(answer);
            int stream = b.getShort() & 0xffff;
            int status = b.getShort() & 0xffff;
            int length = b.getInt();
            int protocol = b.getInt();
            int type = b.getInt();
            if (stream != 0 || status != KXR_OK || length != 8) {
                return new NodeStatus(false, clock.instant(), "no XRootD handshake answer: status " + status
                        + ", length " + length);
            }
            return new NodeStatus(true, clock.instant(), "XRootD protocol " + Integer.toHexString(protocol)
                    + (type == 1 ? ", data server" : type == 0 ? ", redirector" : ", server type " + type));
        } catch (SocketTimeoutException e) {
            return new NodeStatus(false, clock.instant(), "timed out after " + timeout.toMillis() + " ms");
        } catch (java.io.EOFException e) {
            return new NodeStatus(false, clock.instant(), "connection closed without an XRootD handshake answer");
        } catch (IOException | RuntimeException e) {
            return new NodeStatus(false, clock.instant(), e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }
}
