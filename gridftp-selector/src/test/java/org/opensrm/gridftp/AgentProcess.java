package org.opensrm.gridftp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.opensrm.gridftp.agent.GridFtpAgent;

/** The OpenSRM GridFTP agent run as its own process ({@code java -cp <agent> GridFtpAgent ...}) on a free loopback port. */
final class AgentProcess implements AutoCloseable {
    private final Process process;
    private final int port;

    private AgentProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static AgentProcess start(String... args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath;
        try {
            classpath = Path.of(GridFtpAgent.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx32m", "-XX:TieredStopAtLevel=1", "-cp", classpath,
                GridFtpAgent.class.getName(), "--listen", "127.0.0.1:0"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                return null;
            }
        });
        String line;
        try {
            line = first.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            p.destroyForcibly();
            throw new IOException("agent did not start: " + e);
        }
        if (line == null || !line.startsWith("listening on ")) {
            p.destroyForcibly();
            throw new IOException("agent did not start: " + line);
        }
        return new AgentProcess(p, Integer.parseInt(line.substring(line.lastIndexOf(':') + 1).trim()));
    }

    String url() {
        return "http://127.0.0.1:" + port + "/metrics";
    }

    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
