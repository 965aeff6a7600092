package org.opensrm.gridftp.internal;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Clock;
import java.time.Duration;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.NodeStatus;

/**
 * Health of an XRootD door: TCP connect to its {@code root} endpoint and XRootD's initial handshake (the client
 * sends five 32-bit words, 0, 0, 0, 4, 2012; the server answers an 8-byte response header with status 0 and an
 * 8-byte body: its protocol version and whether it is a data server or a redirector), within the timeout.
 */
final class XrootdProbe {
    private static final int HANDSHAKE_CODE = 2012;
    private static final int DATA_SERVER = 1;
    private final Duration timeout;
    private final Clock clock;

    XrootdProbe(Duration timeout, Clock clock) {
        this.timeout = timeout;
        this.clock = clock;
    }

    NodeStatus probe(GridFtpNode door) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(door.host(), door.port(GridFtpNode.ROOT)),
                    BoundedRead.millisLeft(deadline));
            // one write of the 20 bytes: XRootD tells its protocols apart by peeking at the first bytes, and
            // refuses ("matching protocol not found", a reset) a connection whose handshake arrives in pieces
            DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(socket.getOutputStream(), 20));
            out.writeInt(0);
            out.writeInt(0);
            out.writeInt(0);
            out.writeInt(4);
            out.writeInt(HANDSHAKE_CODE);
            out.flush();
            socket.setSoTimeout(BoundedRead.millisLeft(deadline));
            DataInputStream in = new DataInputStream(socket.getInputStream());
            in.readUnsignedShort(); // stream id
            int status = in.readUnsignedShort();
            int length = in.readInt();
            if (status != 0 || length != 8) {
                return new NodeStatus(false, clock.instant(), "no XRootD handshake: status " + status + ", "
                        + length + " bytes");
            }
            int version = in.readInt();
            int type = in.readInt();
            return new NodeStatus(true, clock.instant(), String.format("XRootD protocol %x, %s", version,
                    type == DATA_SERVER ? "data server" : "redirector"));
        } catch (SocketTimeoutException e) {
            return new NodeStatus(false, clock.instant(), "timed out after " + timeout.toMillis() + " ms");
        } catch (java.io.EOFException e) {
            return new NodeStatus(false, clock.instant(), "connection closed without an XRootD handshake");
        } catch (IOException | RuntimeException e) {
            return new NodeStatus(false, clock.instant(), e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }
}
