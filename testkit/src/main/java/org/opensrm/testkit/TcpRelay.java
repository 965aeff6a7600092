package org.opensrm.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP link on loopback that a test can cut and mend, to make one real server unreachable for one client while
 * others still reach it (e.g. one frontend's request store): it listens on a free port and relays every connection
 * to {@code target}. {@link #cut} closes the connections it carries and, until {@link #mend}, closes new ones on
 * arrival, as a broken network path does to a database client.
 */
public final class TcpRelay implements AutoCloseable {
    private final InetSocketAddress target;
    private final ServerSocket listener;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean cut;

    private TcpRelay(InetSocketAddress target, ServerSocket listener) {
        this.target = target;
        this.listener = listener;
    }

    /** A relay to 127.0.0.1:{@code targetPort}, relaying at once. */
    public static TcpRelay to(int targetPort) throws IOException {
        ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        TcpRelay relay = new TcpRelay(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort), listener);
        Thread t = new Thread(relay::accept, "tcp-relay-" + listener.getLocalPort());
        t.setDaemon(true);
        t.start();
        return relay;
    }

    /** The port clients connect to instead of the target's. */
    public int port() {
        return listener.getLocalPort();
    }

    /** Closes every relayed connection; connections made from now on are closed on arrival. */
    public void cut() {
        cut = true;
        open.forEach(TcpRelay::closeQuietly);
    }

    /** Relays new connections again. */
    public void mend() {
        cut = false;
    }

    private void accept() {
        while (!listener.isClosed()) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                return; // closed
            }
            if (cut) {
                closeQuietly(client);
                continue;
            }
            Socket server = new Socket();
            try {
                server.connect(target, 2_000);
            } catch (IOException e) {
                closeQuietly(client);
                closeQuietly(server);
                continue;
            }
            open.add(client);
            open.add(server);
            pump(client, server);
            pump(server, client);
        }
    }

    private void pump(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // cut, or one side closed: both sides close below
            } finally {
                open.remove(from);
                open.remove(to);
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "tcp-relay-pump");
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() {
        cut();
        try {
            listener.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
