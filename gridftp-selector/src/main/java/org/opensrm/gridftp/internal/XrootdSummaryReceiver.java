package org.opensrm.gridftp.internal;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import org.opensrm.gridftp.ProbeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Receives the summary reports XRootD servers push ({@code xrd.report HOST:PORT every Ns all}, one UDP datagram per
 * report) on one socket, and keeps per server (sender address and reported port) the newest report, when it arrived,
 * and the byte counters of the last {@link #RATE_SPAN_SECONDS} seconds of reports, from which the throughput is the
 * counter difference over the difference of the reports' own timestamps. A restarted server (another start time, or
 * counters that went down) starts its history again; a report older than the newest is dropped. A datagram that is
 * too large or not a report is counted against its sender (the reason is kept, and logged when it changes). At most
 * {@link #MAX_SERVERS} servers and senders are remembered.
 */
public final class XrootdSummaryReceiver implements AutoCloseable {
    /** Throughput is measured over at least this span of report timestamps (when reports that old are kept). */
    public static final long RATE_SPAN_SECONDS = 5;
    /** The largest UDP payload. */
    public static final int MAX_DATAGRAM = 65_507;
    static final int MAX_SERVERS = 4096;
    private static final Logger LOG = LoggerFactory.getLogger(XrootdSummaryReceiver.class);

    private final DatagramSocket socket;
    private final int maxBytes;
    private final LongSupplier nanos;
    private final Thread thread;
    private final Map<Key, Server> servers = new HashMap<>();
    private final Map<InetAddress, String> rejected = new HashMap<>();
    private long datagrams;
    private boolean overflowLogged;

    private record Key(InetAddress sender, int port) {
    }

    /** One server's newest report and the counters of its recent ones ({@code tod}, {@code bytes} pairs). */
    private static final class Server {
        XrootdSummary last;
        long arrivedNanos;
        final ArrayDeque<long[]> history = new ArrayDeque<>();
    }

    /**
     * What is known of one door now.
     *
     * @param summary        its newest report
     * @param ageNanos       how long ago that report arrived
     * @param bytesPerSecond throughput over the kept reports, NaN until two reports with different timestamps
     * @param sender         the address it came from
     */
    public record Reading(XrootdSummary summary, long ageNanos, double bytesPerSecond, InetAddress sender) {
    }

    /**
     * Binds {@code host:port} (port 0: a free one) and starts receiving.
     *
     * @param maxBytes larger datagrams are refused (at most {@link #MAX_DATAGRAM})
     * @param nanos    the monotonic clock report ages are measured on
     */
    public XrootdSummaryReceiver(String host, int port, int maxBytes, LongSupplier nanos) throws IOException {
        this.maxBytes = Math.min(maxBytes, MAX_DATAGRAM);
        this.nanos = nanos;
        this.socket = new DatagramSocket(new InetSocketAddress(InetAddress.getByName(host), port));
        this.thread = new Thread(this::receive, "xrootd-summary-receiver-" + socket.getLocalPort());
        thread.setDaemon(true);
        thread.start();
        LOG.info("receiving XRootD summary reports on udp {}", socket.getLocalSocketAddress());
    }

    /** The UDP port reports are received on. */
    public int port() {
        return socket.getLocalPort();
    }

    /** The address reports are received on, as {@code host:port}. */
    public String address() {
        return socket.getLocalAddress().getHostAddress() + ":" + port();
    }

    /** Datagrams received so far, reports or not. */
    public synchronized long datagrams() {
        return datagrams;
    }

    /**
     * The newest reading of the server listening on {@code port} that sent from one of {@code addresses} or calls
     * itself {@code host}; the most recently heard one when several match; null when none does.
     */
    public synchronized Reading reading(String host, Collection<InetAddress> addresses, int port) {
        Map.Entry<Key, Server> best = null;
        for (Map.Entry<Key, Server> e : servers.entrySet()) {
            if (e.getKey().port() == port && (addresses.contains(e.getKey().sender())
                    || sameHost(host, e.getValue().last.host()))
                    && (best == null || e.getValue().arrivedNanos - best.getValue().arrivedNanos > 0)) {
                best = e;
            }
        }
        if (best == null) {
            return null;
        }
        Server s = best.getValue();
        return new Reading(s.last, nanos.getAsLong() - s.arrivedNanos, rate(s.history), best.getKey().sender());
    }

    /** Why the last refused datagram from one of {@code addresses} was refused, or null. */
    public synchronized String rejection(Collection<InetAddress> addresses) {
        for (InetAddress a : addresses) {
            String why = rejected.get(a);
            if (why != null) {
                return why;
            }
        }
        return null;
    }

    /**
     * Waits until a datagram beyond the {@code seen}-th arrives or the deadline ({@link System#nanoTime()}) passes.
     *
     * @return the count of datagrams received now
     */
    public synchronized long awaitDatagram(long seen, long deadlineNanos) throws InterruptedException {
        while (datagrams <= seen) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                break;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return datagrams;
    }

    private void receive() {
        byte[] buffer = new byte[maxBytes + 1];
        DatagramPacket p = new DatagramPacket(buffer, buffer.length);
        while (!socket.isClosed()) {
            try {
                p.setLength(buffer.length);
                socket.receive(p);
            } catch (SocketException e) {
                return; // closed
            } catch (IOException e) {
                LOG.warn("XRootD summary receiver: {}", e.toString());
                continue;
            }
            InetAddress sender = p.getAddress();
            if (p.getLength() > maxBytes) {
                refuse(sender, "a datagram of more than " + maxBytes + " bytes");
                continue;
            }
            try {
                accept(sender, XrootdSummary.parse(buffer, p.getLength()));
            } catch (ProbeException e) {
                refuse(sender, e.getMessage());
            }
        }
    }

    private synchronized void accept(InetAddress sender, XrootdSummary r) {
        datagrams++;
        rejected.remove(sender);
        Key key = new Key(sender, r.port());
        Server s = servers.get(key);
        if (s == null) {
            if (servers.size() >= MAX_SERVERS) {
                overflow();
                notifyAll();
                return;
            }
            s = new Server();
            servers.put(key, s);
            LOG.info("first XRootD summary report of {} ({}) from {}", r.source(), r.program(), sender.getHostAddress());
        } else if (r.tos() == s.last.tos() && r.tod() < s.last.tod()) {
            notifyAll();
            return; // overtaken by a newer report
        } else if (r.tos() != s.last.tos() || r.bytes() < s.last.bytes()) {
            LOG.info("XRootD server {} restarted (started {}, was {}): throughput measured afresh", r.source(),
                    r.tos(), s.last.tos());
            s.history.clear();
        }
        s.last = r;
        s.arrivedNanos = nanos.getAsLong();
        if (!s.history.isEmpty() && s.history.peekLast()[0] == r.tod()) {
            s.history.pollLast();
        }
        s.history.addLast(new long[] {r.tod(), r.bytes()});
        while (s.history.size() > 2 && second(s.history)[0] <= r.tod() - RATE_SPAN_SECONDS) {
            s.history.pollFirst();
        }
        notifyAll();
    }

    private synchronized void refuse(InetAddress sender, String why) {
        datagrams++;
        if (!why.equals(rejected.get(sender))) {
            LOG.warn("XRootD summary receiver: refused {} from {}", why, sender.getHostAddress());
        }
        if (rejected.containsKey(sender) || rejected.size() < MAX_SERVERS) {
            rejected.put(sender, why);
        } else {
            overflow();
        }
        notifyAll();
    }

    private void overflow() {
        if (!overflowLogged) {
            LOG.warn("XRootD summary receiver: more than {} senders; reports of new ones are dropped", MAX_SERVERS);
            overflowLogged = true;
        }
    }

    private static long[] second(ArrayDeque<long[]> history) {
        var it = history.iterator();
        it.next();
        return it.next();
    }

    private static double rate(ArrayDeque<long[]> history) {
        if (history.size() < 2) {
            return Double.NaN;
        }
        long[] first = history.peekFirst();
        long[] last = history.peekLast();
        long seconds = last[0] - first[0];
        return seconds <= 0 ? Double.NaN : (double) (last[1] - first[1]) / seconds;
    }

    /** Whether a door's configured host name and the name a server reports are the same host. */
    static boolean sameHost(String door, String reported) {
        String a = door.toLowerCase(Locale.ROOT);
        String b = reported.toLowerCase(Locale.ROOT);
        return a.equals(b) || a.startsWith(b + ".") || b.startsWith(a + ".");
    }

    @Override
    public void close() {
        socket.close();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
