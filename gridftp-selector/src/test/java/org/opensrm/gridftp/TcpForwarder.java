package org.opensrm.gridftp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A fixed loopback address in front of a GridFTP control port that may change: what a site's DNS alias gives a door
 * whose daemon is restarted (the test kit's servers pick a free port at each start). Connections are relayed to the
 * current target; while it refuses, they are closed at once (as a dead door's would be refused).
 */
final class TcpForwarder implements AutoCloseable {
    private final ServerSocket socket;
    private volatile int target;

    TcpForwarder(int target) throws IOException {
        this.target = target;
        this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        daemon(this::accept, "forwarder-" + socket.getLocalPort());
    }

    int port() {
        return socket.getLocalPort();
    }

    void retarget(int port) {
        this.target = port;
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket in = socket.accept();
                Socket out = new Socket();
                try {
                    out.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), target), 2000);
                } catch (IOException refused) {
                    in.close();
                    out.close();
                    continue;
                }
                daemon(() -> pump(in, out), "forward-up");
                daemon(() -> pump(out, in), "forward-down");
            } catch (IOException e) {
                return;
            }
        }
    }

    private static void pump(Socket from, Socket to) {
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException e) {
            // one side went away
        } finally {
            try {
                from.close();
                to.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }

    private static void daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
