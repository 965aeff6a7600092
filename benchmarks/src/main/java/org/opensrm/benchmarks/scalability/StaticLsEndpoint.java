package org.opensrm.benchmarks.scalability;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.opensrm.server.SrmServer;
import org.opensrm.server.config.ConfigException;
import org.opensrm.server.config.RawConfig;
import org.opensrm.server.config.ServerConfig;
import org.opensrm.transport.HttpgServer;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * The reference for the new-handshake-per-request target: the project's own {@link HttpgServer} (same JSSE
 * configuration, host credential, CA directory and trust manager, same GSI {@code '0'} byte handling, same
 * Jetty connector, thread pool and limits, all from the same configuration keys as the real server) serving a
 * servlet that reads each POST's body and answers a fixed, previously captured srmLs answer: no JAX-WS, no
 * authorisation, no storage. What the real server adds on top of this is what the comparison shows.
 *
 * <pre>
 * StaticLsEndpoint --response FILE [--content-type TYPE] [-c CONFIG] [--set key=value ...]
 * </pre>
 * The configuration is read exactly as {@code bin/srm-server} reads it (the same file and {@code --set} keys;
 * only {@code srm.*} and {@code jetty.*} transport keys matter here, the rest must merely be valid). The answer's
 * Content-Type is {@code --content-type}, else the content of {@code FILE.type} when present (as
 * {@link LsOnce --save} writes it), else {@code text/xml; charset=utf-8}. Stops on SIGTERM.
 */
public final class StaticLsEndpoint {
    static final String USAGE = "usage: StaticLsEndpoint --response FILE [--content-type TYPE] [--config FILE]"
            + " [--set key=value ...]";
    /** The real server's servlet paths ({@code SrmServer.PATHS}). */
    static final List<String> PATHS = List.of("/srm/managerv2", "/srm/v2/server");

    private StaticLsEndpoint() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("com.sun.xml.ws.fault.SOAPFaultBuilder.disableCaptureStackTrace", "true");
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        Options o = new Options(args, java.util.Set.of("response", "content-type", "config", "set"), USAGE);
        Path response = Path.of(o.require("response", USAGE));
        byte[] answer = Files.readAllBytes(response);
        Path typeFile = Path.of(response + ".type");
        String type = o.get("content-type", Files.exists(typeFile) ? Files.readString(typeFile).strip() : "");
        if (type.isEmpty()) {
            type = "text/xml; charset=utf-8";
        }
        ServerConfig config;
        try {
            config = ServerConfig.from(RawConfig.load(o.path("config"), o.sets()));
        } catch (ConfigException e) {
            System.err.println("static endpoint: configuration error: " + e.getMessage());
            System.exit(2);
            return;
        }
        HttpgServer server = new HttpgServer(SrmServer.transportConfig(config), new FixedAnswer(answer, type), PATHS);
        server.start();
        System.out.println("static srmLs endpoint listening on port " + server.port() + ", answering " + answer.length
                + " bytes of " + type + " from " + response);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "static-shutdown"));
        stopped.await();
    }

    /** Reads the request body (as the real servlet does) and writes the fixed answer with its length. */
    static final class FixedAnswer extends HttpServlet {
        private static final long serialVersionUID = 1L;
        private final byte[] answer;
        private final String contentType;

        FixedAnswer(byte[] answer, String contentType) {
            this.answer = answer.clone();
            this.contentType = contentType;
        }

        @Override
        protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            if (!"POST".equals(req.getMethod())) {
                resp.setHeader("Allow", "POST");
                resp.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED, "POST only");
                return;
            }
            try (InputStream in = req.getInputStream()) {
                in.transferTo(OutputStream.nullOutputStream());
            }
            resp.setStatus(HttpServletResponse.SC_OK);
            resp.setContentType(contentType);
            resp.setContentLength(answer.length);
            resp.getOutputStream().write(answer);
        }
    }
}
