package org.opensrm.benchmarks.scalability;

import java.net.InetAddress;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;

import org.opensrm.testkit.TricklingPeers;

/**
 * The trickling attack beside a reconnect storm ({@code benchmarks/run-storm}): rounds of {@code --count}
 * connections from {@code --source} that start a TLS handshake and send one more byte of it every
 * {@code --interval}, never finishing it; a round ends when the server has closed all of its connections (or after
 * {@code --lifetime}), and the next one starts at once, for {@code --for}. Prints one line per round on stderr and
 * a summary line on stdout: {@code tricklers: R rounds, N connected, M closed by the server, the longest round
 * S s}. Exit status 0 when the server closed them all, 1 otherwise.
 */
public final class TricklingAttack {
    private static final String USAGE = "usage: TricklingAttack --port N [--source 127.0.0.2] [--server 127.0.0.1]"
            + " [--count 200] [--interval 500ms] [--lifetime 120s] [--for 0s]";

    private TricklingAttack() {
    }

    public static void main(String[] args) throws Exception {
        Options o = new Options(args, Set.of("port", "source", "server", "count", "interval", "lifetime", "for"),
                USAGE);
        int port = Integer.parseInt(o.require("port", USAGE));
        int count = o.integer("count", 200);
        Duration lifetime = o.duration("lifetime", Duration.ofSeconds(120));
        Duration interval = o.duration("interval", Duration.ofMillis(500));
        InetAddress source = InetAddress.getByName(o.get("source", "127.0.0.2"));
        InetAddress server = InetAddress.getByName(o.get("server", "127.0.0.1"));
        long end = System.nanoTime() + o.duration("for", Duration.ZERO).toNanos();
        int rounds = 0;
        long connected = 0;
        long closed = 0;
        double longest = 0;
        do {
            long start = System.nanoTime();
            try (TricklingPeers peers = TricklingPeers.start(source, server, port, count, interval, lifetime)) {
                peers.awaitClosedByServer(count, lifetime);
                double took = (System.nanoTime() - start) / 1e9;
                rounds++;
                connected += count;
                closed += peers.closedByServer();
                longest = Math.max(longest, took);
                System.err.printf(Locale.ROOT, "round %d: %d of %d closed by the server after %.1f s%n", rounds,
                        peers.closedByServer(), count, took);
            }
        } while (System.nanoTime() - end < 0);
        System.out.printf(Locale.ROOT, "tricklers: %d rounds, %d connected, %d closed by the server, the longest round"
                + " %.1f s%n", rounds, connected, closed, longest);
        System.exit(closed == connected ? 0 : 1);
    }
}
