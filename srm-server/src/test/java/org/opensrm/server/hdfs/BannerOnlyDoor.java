package org.opensrm.server.hdfs;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A loopback TCP listener that greets every connection with a GridFTP {@code 220} banner and closes it: what the
 * server's door probe checks, so the selector keeps handing out TURLs naming it. It transfers nothing. The tests
 * that use it write the upload into HDFS themselves, where a GridFTP-HDFS door would have written it. (The
 * selector assumes an unprobed door is up, but probes at once on start; a door that does not exist would be
 * marked down within milliseconds and puts would fail with "no GridFTP node is reachable".)
 */
final class BannerOnlyDoor implements AutoCloseable {
    private final ServerSocket socket;
    private final Thread acceptor;

    BannerOnlyDoor() throws IOException {
        socket = new ServerSocket();
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        acceptor = new Thread(this::serve, "banner-only-door-" + socket.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void serve() {
        while (!socket.isClosed()) {
            try (Socket s = socket.accept(); OutputStream out = s.getOutputStream()) {
                out.write("220 banner-only test door (no transfers)\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } catch (IOException e) {
                // closed, or a probe that hung up first: either way go on or end with the socket
            }
        }
    }

    /** {@code gsiftp://localhost:PORT}. */
    String node() {
        return "gsiftp://localhost:" + socket.getLocalPort();
    }

    @Override
    public void close() throws IOException {
        socket.close();
        try {
            acceptor.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
