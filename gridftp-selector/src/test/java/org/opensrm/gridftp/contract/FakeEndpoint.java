package org.opensrm.gridftp.contract;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A misbehaving (or well-behaved) probe endpoint on a free loopback port: answers every connection per its
 * {@link Behaviour}, as an HTTP server (reads the request head first) or as a raw dump (writes, then closes, as gmond
 * does). For the cases a real exporter cannot be made to show.
 */
public final class FakeEndpoint implements AutoCloseable {
    /** What the endpoint does with a connection. */
    public enum Behaviour {
        /** Accepts and never writes a byte. */
        HANG,
        /** Writes the body and closes. */
        ANSWER,
        /** Writes 10 MB of sample lines and closes. */
        HUGE
    }

    private final ServerSocket socket;
    private final boolean http;
    private final List<Socket> open = new ArrayList<>();
    private volatile Behaviour behaviour;
    private volatile String body;

    public FakeEndpoint(boolean http, Behaviour behaviour, String body) throws IOException {
        this.http = http;
        this.behaviour = behaviour;
        this.body = body;
        this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::serve, "fake-endpoint-" + socket.getLocalPort());
        t.setDaemon(true);
        t.start();
    }

    public int port() {
        return socket.getLocalPort();
    }

    /** {@code http://127.0.0.1:PORT/metrics} or {@code 127.0.0.1:PORT}. */
    public String endpoint() {
        return address(http, port());
    }

    /** The endpoint's address on {@code port} of 127.0.0.1, as {@link #endpoint()} writes it. */
    public static String address(boolean http, int port) {
        return http ? "http://127.0.0.1:" + port + "/metrics" : "127.0.0.1:" + port;
    }

    public void set(Behaviour newBehaviour, String newBody) {
        this.behaviour = newBehaviour;
        this.body = newBody;
    }

    private void serve() {
        while (!socket.isClosed()) {
            try {
                Socket s = socket.accept();
                synchronized (open) {
                    open.add(s);
                }
                Thread t = new Thread(() -> answer(s), "fake-endpoint-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void answer(Socket s) {
        try {
            Behaviour b = behaviour;
            if (b == Behaviour.HANG) {
                return; // left open until close()
            }
            if (http) {
                readHead(s.getInputStream());
            }
            OutputStream out = s.getOutputStream();
            if (b == Behaviour.HUGE) {
                if (http) {
                    out.write("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                }
                byte[] line = "gridftp_sessions{pad=\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"} 1\n".getBytes(StandardCharsets.US_ASCII);
                for (long written = 0; written < 10L << 20; written += line.length) {
                    out.write(line);
                }
            } else {
                String text = http ? "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\n" + body : body;
                out.write(text.getBytes(StandardCharsets.UTF_8));
            }
            out.flush();
            s.close();
        } catch (IOException e) {
            // the prober gave up on us: fine
        }
    }

    private static void readHead(InputStream in) throws IOException {
        int state = 0;
        int c;
        while ((c = in.read()) >= 0) {
            state = (c == '\r' || c == '\n') ? state + 1 : 0;
            if (state == 4) {
                return; // end of the request head: CR LF CR LF
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
        synchronized (open) {
            for (Socket s : open) {
                s.close();
            }
        }
    }
}
