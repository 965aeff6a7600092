package org.opensrm.testkit;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Hostile peers that never complete a TLS handshake: {@code count} TCP connections from one local address, each
 * sending the start of a TLS ClientHello record that announces 16 KiB and then one more byte of it every
 * {@code interval}, so that a server's idle timeout never fires. They stop by themselves after {@code lifetime}
 * (or on {@link #close()}); the bytes and the count are bounded. One thread drives all of them.
 *
 * <p>Counts what the server did to them: connections it closed (end of stream or reset) are {@link #closedByServer()}.
 */
public final class TricklingPeers implements AutoCloseable {
    /** TLS record header (handshake, TLS 1.0 record version, length 16384), then a ClientHello header. */
    private static final byte[] PREFIX = {0x16, 0x03, 0x01, 0x40, 0x00, 0x01, 0x00, 0x3f, (byte) 0xfc, 0x03, 0x03};

    private final Selector selector;
    private final List<Peer> peers;
    private final Duration interval;
    private final long endNanos;
    private final AtomicInteger closedByServer = new AtomicInteger();
    private final Thread driver;
    private volatile boolean stopped;

    private TricklingPeers(Selector selector, List<Peer> peers, Duration interval, Duration lifetime) {
        this.selector = selector;
        this.peers = peers;
        this.interval = interval;
        this.endNanos = System.nanoTime() + lifetime.toNanos();
        this.driver = new Thread(this::drive, "trickling-peers");
        this.driver.setDaemon(true);
    }

    /**
     * Connects {@code count} peers from {@code source} (a loopback address such as 127.0.0.2) to
     * {@code server:port} one after the other and starts trickling. A connection the server closes at once is
     * still counted as connected (the kernel completed it) and then as closed by the server.
     */
    public static TricklingPeers start(InetAddress source, InetAddress server, int port, int count,
            Duration interval, Duration lifetime) throws IOException {
        Selector selector = Selector.open();
        List<Peer> peers = new ArrayList<>(count);
        try {
            for (int i = 0; i < count; i++) {
                SocketChannel channel = SocketChannel.open();
                peers.add(new Peer(channel));
                channel.bind(new InetSocketAddress(source, 0));
                channel.socket().connect(new InetSocketAddress(server, port), 10_000);
                channel.configureBlocking(false);
                channel.register(selector, SelectionKey.OP_READ, peers.get(i));
            }
        } catch (IOException | RuntimeException e) {
            peers.forEach(Peer::close);
            selector.close();
            throw e;
        }
        TricklingPeers t = new TricklingPeers(selector, peers, interval, lifetime);
        t.driver.start();
        return t;
    }

    /** Connections the server has closed so far. */
    public int closedByServer() {
        return closedByServer.get();
    }

    /** Connections still open from this side (neither closed by the server nor stopped). */
    public int open() {
        return (int) peers.stream().filter(p -> p.open).count();
    }

    /** Waits (at most {@code timeout}) until the server has closed {@code n} connections; true if it did. */
    public boolean awaitClosedByServer(int n, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (closedByServer.get() < n) {
            if (System.nanoTime() - end > 0) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    /** Stops trickling and closes every connection still open. Idempotent. */
    @Override
    public void close() throws InterruptedException {
        stopped = true;
        selector.wakeup();
        driver.join(10_000);
    }

    private void drive() {
        ByteBuffer sink = ByteBuffer.allocate(4096);
        long nextTrickle = System.nanoTime();
        try {
            while (!stopped && System.nanoTime() - endNanos < 0) {
                long now = System.nanoTime();
                if (now - nextTrickle >= 0) {
                    peers.forEach(this::trickle);
                    nextTrickle = now + interval.toNanos();
                }
                selector.select(Math.max(1, (nextTrickle - System.nanoTime()) / 1_000_000));
                for (SelectionKey key : selector.selectedKeys()) {
                    Peer peer = (Peer) key.attachment();
                    try {
                        sink.clear();
                        if (((SocketChannel) key.channel()).read(sink) < 0) {
                            serverClosed(peer);
                        }
                    } catch (IOException reset) {
                        serverClosed(peer);
                    }
                }
                selector.selectedKeys().clear();
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            peers.forEach(Peer::close);
            try {
                selector.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }

    private void trickle(Peer peer) {
        if (!peer.open) {
            return;
        }
        try {
            byte next = peer.sent < PREFIX.length ? PREFIX[peer.sent] : 0;
            if (peer.channel.write(ByteBuffer.wrap(new byte[] {next})) == 1) {
                peer.sent++;
            }
        } catch (IOException reset) {
            serverClosed(peer);
        }
    }

    private void serverClosed(Peer peer) {
        if (peer.open) {
            closedByServer.incrementAndGet();
            peer.close();
        }
    }

    private static final class Peer {
        final SocketChannel channel;
        volatile boolean open = true;
        int sent;

        Peer(SocketChannel channel) {
            this.channel = channel;
        }

        void close() {
            open = false;
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing to release beyond the descriptor
            }
        }
    }
}
