package org.opensrm.testkit.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Watching a freshly started globus-gridftp-server until it announces its port and greets. */
public final class ServerStartup {
    private static final Pattern LISTENING = Pattern.compile("Server listening at [^\\s:]+:(\\d+)");

    private ServerStartup() {
    }

    /** Waits for the port announced on stdout ({@code Server listening at localhost:PORT}, printed when no -p is given). */
    public static int awaitPort(Process process, Path stdout, long deadline) throws IOException {
        while (true) {
            if (Files.exists(stdout)) {
                Matcher m = LISTENING.matcher(Files.readString(stdout, StandardCharsets.UTF_8));
                if (m.find()) {
                    return Integer.parseInt(m.group(1));
                }
            }
            if (!process.isAlive()) {
                throw new IOException("globus-gridftp-server exited with " + process.exitValue() + " before listening");
            }
            pause(deadline, "globus-gridftp-server did not announce its port");
        }
    }

    /** Connects until the server greets with {@code 220}; returns that line. */
    public static String awaitBanner(Process process, int port, long deadline) throws IOException {
        IOException last = null;
        while (process.isAlive()) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                s.setSoTimeout(2000);
                String line = firstLine(s.getInputStream());
                s.getOutputStream().write("QUIT\r\n".getBytes(StandardCharsets.US_ASCII));
                if (line.startsWith("220")) {
                    return line;
                }
                last = new IOException("unexpected greeting: " + line);
            } catch (IOException e) {
                last = e;
            }
            pause(deadline, "no 220 banner on port " + port + " (" + last + ")");
        }
        throw new IOException("globus-gridftp-server exited with " + process.exitValue() + " before its banner");
    }

    private static String firstLine(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int c = in.read(); c >= 0 && c != '\n' && sb.length() < 1024; c = in.read()) {
            if (c != '\r') {
                sb.append((char) c);
            }
        }
        return sb.toString();
    }

    private static void pause(long deadline, String timeoutMessage) throws IOException {
        if (System.nanoTime() > deadline) {
            throw new IOException(timeoutMessage);
        }
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting globus-gridftp-server", e);
        }
    }

    /** stderr, stdout and log of a failed start, for the exception message. */
    public static String diagnostics(Path work) {
        StringBuilder sb = new StringBuilder();
        for (String name : List.of("stderr.txt", "stdout.txt", "gridftp.log")) {
            Path f = work.resolve(name);
            try {
                if (Files.exists(f)) {
                    sb.append("\n--- ").append(name).append(" ---\n").append(Files.readString(f));
                }
            } catch (IOException ignored) {
                sb.append("\n(").append(name).append(" unreadable)");
            }
        }
        return sb.toString();
    }
}
