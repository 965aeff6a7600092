package org.opensrm.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Whether a GridFTP door answers: a TCP connection and its {@code 220} greeting, then {@code QUIT}. */
final class GridFtpGreeting {
    private GridFtpGreeting() {
    }

    static boolean greets(String host, int port, Duration timeout) {
        int millis = (int) Math.max(1, timeout.toMillis());
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), millis);
            s.setSoTimeout(millis);
            byte[] code = s.getInputStream().readNBytes(3);
            s.getOutputStream().write("QUIT\r\n".getBytes(StandardCharsets.US_ASCII));
            return "220".equals(new String(code, StandardCharsets.US_ASCII));
        } catch (IOException e) {
            return false;
        }
    }
}
