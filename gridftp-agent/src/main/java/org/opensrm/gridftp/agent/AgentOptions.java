package org.opensrm.gridftp.agent;

import java.nio.file.Path;

/** The agent's command line, parsed and checked. */
record AgentOptions(String host, int port, long pid, Path pidFile, Path transferLog, double windowSeconds,
                    long sessionsMax, double linkBytesPerSecond) {

    static final String USAGE = "usage: gridftp-agent (--pid PID | --pid-file FILE) --transfer-log FILE"
            + " [--listen HOST:PORT (default 0.0.0.0:9811)] [--window SECONDS (default 30)]"
            + " [--sessions-max N] [--link-bytes-per-second B]";

    static AgentOptions parse(String[] args) {
        String listen = "0.0.0.0:9811";
        long pid = 0;
        Path pidFile = null;
        Path log = null;
        double window = 30;
        long sessionsMax = 0;
        double link = 0;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            if (value == null) {
                throw new IllegalArgumentException("option " + args[i] + " needs a value");
            }
            switch (args[i++]) {
                case "--listen" -> listen = value;
                case "--pid" -> pid = positive(value, "--pid");
                case "--pid-file" -> pidFile = Path.of(value);
                case "--transfer-log" -> log = Path.of(value);
                case "--window" -> window = positive(value, "--window");
                case "--sessions-max" -> sessionsMax = positive(value, "--sessions-max");
                case "--link-bytes-per-second" -> link = positive(value, "--link-bytes-per-second");
                default -> throw new IllegalArgumentException("unknown option " + args[i - 1]);
            }
        }
        if ((pid > 0) == (pidFile != null)) {
            throw new IllegalArgumentException("give exactly one of --pid and --pid-file");
        }
        if (log == null) {
            throw new IllegalArgumentException("--transfer-log is required");
        }
        int colon = listen.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("--listen must be HOST:PORT: " + listen);
        }
        int port = (int) positiveOrZero(listen.substring(colon + 1), "--listen port");
        if (port > 65535) {
            throw new IllegalArgumentException("--listen port out of range: " + port);
        }
        return new AgentOptions(listen.substring(0, colon), port, pid, pidFile, log, window, sessionsMax, link);
    }

    private static long positive(String v, String what) {
        long n = positiveOrZero(v, what);
        if (n == 0) {
            throw new IllegalArgumentException(what + " must be positive: " + v);
        }
        return n;
    }

    private static long positiveOrZero(String v, String what) {
        try {
            long n = Long.parseLong(v.trim());
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a whole number: " + v);
        }
    }
}
