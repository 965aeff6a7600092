package org.opensrm.gridftp;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A loopback TCP server on a free port that greets each connection with a fixed line (or with nothing, when the
 * greeting is {@code null}) and keeps it open until closed. For probing cases a real GridFTP server cannot show.
 */
final class FakeFtpServer implements AutoCloseable {
    private final ServerSocket socket;
    private final String greeting;
    private final List<Socket> accepted = new ArrayList<>();
    private final Thread acceptor;

    FakeFtpServer(String greeting, int port) throws IOException {
        this.greeting = greeting;
        this.socket = new ServerSocket();
        socket.setReuseAddress(true);
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        this.acceptor = new Thread(this::serve, "fake-ftp-" + socket.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    FakeFtpServer(String greeting) throws IOException {
        this(greeting, 0);
    }

    GridFtpNode node() {
        return new GridFtpNode("localhost", socket.getLocalPort());
    }

    private void serve() {
        while (!socket.isClosed()) {
            try {
                Socket s = socket.accept();
                synchronized (accepted) {
                    accepted.add(s);
                }
                if (greeting != null) {
                    OutputStream out = s.getOutputStream();
                    out.write((greeting + "\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                }
            } catch (IOException e) {
                return;
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
        synchronized (accepted) {
            for (Socket s : accepted) {
                s.close();
            }
        }
    }

    /** A port on loopback that nothing listens on (bound, then released). */
    static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
