package org.opensrm.server;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.opensrm.server.config.ConfigException;
import org.opensrm.server.config.RawConfig;
import org.opensrm.server.config.ServerConfig;
import ch.qos.logback.classic.LoggerContext;
import org.opensrm.server.logging.LogEscapingCheck;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * {@code bin/srm-server -c FILE [--set key=value ...]} or {@code bin/srm-server --dev [--set key=value ...]}
 * ({@code --dev-full}: the same in full mode, requests queued and kept in the embedded store).
 * Configuration errors end the start with one line naming the key or file, exit status 2, and nothing started
 * stays running. {@code --dev} first checks the Debian packages it needs ({@link DevPrerequisites}), then starts
 * the development setup, its GridFTP door and the server, and prints the gfal2 lines that work against them.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.setProperty("com.sun.xml.ws.fault.SOAPFaultBuilder.disableCaptureStackTrace", "true");
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        Path file = null;
        boolean dev = false;
        boolean devHdfs = false;
        boolean devFull = false;
        Path devDir = null;
        List<String> sets = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "-c", "--config" -> file = Path.of(need(args, ++i, args[i - 1]));
                case "--set" -> sets.add(need(args, ++i, "--set"));
                case "--dev" -> dev = true;
                case "--dev-full" -> {
                    dev = true;
                    devFull = true;
                }
                case "--dev-hdfs" -> {
                    dev = true;
                    devHdfs = true;
                }
                case "--dev-dir" -> devDir = Path.of(need(args, ++i, "--dev-dir"));
                case "-h", "--help" -> {
                    System.out.println(usage());
                    return;
                }
                default -> fail("unknown argument '" + args[i] + "'\n" + usage());
            }
        }
        if (!dev && file == null) {
            fail("no configuration: give -c FILE, or --dev for the embedded development setup\n" + usage());
        }
        if (dev && !devHdfs) {
            List<String> missing = DevPrerequisites.missing(Path.of("/"));
            if (!missing.isEmpty()) {
                fail(DevPrerequisites.refusal(missing));
            }
        }
        Deque<AutoCloseable> running = new ArrayDeque<>();
        try {
            if (dev && devDir == null) {
                devDir = DevSetup.defaultDir(Path.of(""));
            }
            List<String> overrides = new ArrayList<>();
            Development development = dev ? Development.start(devDir.toAbsolutePath(), devHdfs, running) : null;
            if (development != null) {
                overrides.addAll(development.settings());
            }
            if (devFull) {
                overrides.add("srm.mode=full"); // on the embedded store under the development state directory
            }
            overrides.addAll(sets);
            ServerConfig config = ServerConfig.from(RawConfig.load(dev ? null : file, overrides));
            new HostCheck(config).warnings().forEach(w -> System.err.println("WARNING: " + w));
            new SiteCheck(config, Clock.systemUTC()).warnings().forEach(w -> System.err.println("WARNING: " + w));
            warnAboutUnescapedLogs();
            SrmServer server = new SrmServer(config);
            running.push(server);
            server.start();
            if (development != null) {
                System.out.println(development.instructions(config, server.port()));
            }
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                closeAll(running);
                stopped.countDown();
            }, "srm-shutdown"));
            stopped.await();
        } catch (ConfigException e) {
            closeAll(running);
            fail(e.problems().size() == 1 ? "configuration error: " + e.getMessage()
                    : e.problems().size() + " configuration errors:\n  " + String.join("\n  ", e.problems()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            closeAll(running);
            fail("cannot start: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
        }
    }

    /** Stops what was started, last first (the server before the door it hands transfers to). */
    private static void closeAll(Deque<AutoCloseable> running) {
        while (!running.isEmpty()) {
            try {
                running.pop().close();
            } catch (Exception e) {
                System.err.println("srm-server: while stopping: " + e);
            }
        }
    }

    /** An operator's own logback.xml that lets a client's newline through is said so at start. */
    private static void warnAboutUnescapedLogs() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            for (String appender : LogEscapingCheck.unescapedAppenders(context, Logger.ROOT_LOGGER_NAME,
                    "org.opensrm.access")) {
                System.err.println("WARNING: log appender '" + appender + "' writes control characters of client"
                        + " values as they are (a SURL with a newline can forge a log line): use the conversion"
                        + " rules of the logback.xml shipped with the server (docs/security.md)");
            }
        }
    }

    private static String need(String[] args, int i, String flag) {
        if (i >= args.length) {
            fail(flag + " needs a value");
        }
        return args[i];
    }

    private static String usage() {
        return "usage: srm-server -c FILE [--set key=value ...]\n"
                + "       srm-server --dev [--dev-dir DIR] [--set key=value ...]        (with a GridFTP door)\n"
                + "       srm-server --dev-full [--dev-dir DIR] [--set key=value ...]   (--dev in full mode: queued requests)\n"
                + "       srm-server --dev-hdfs [--dev-dir DIR] [--set key=value ...]   (embedded HDFS, no transfers)\n"
                + "keys and defaults: conf/srm.conf";
    }

    private static void fail(String message) {
        System.err.println("srm-server: " + message);
        System.exit(2);
    }
}
