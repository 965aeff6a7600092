package org.opensrm.transport.internal;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the connections served per client address and refuses one beyond {@code max} from the same address.
 * An IPv4 client is its address; an IPv6 client is its /64 (one host commonly owns a whole /64, so counting single
 * IPv6 addresses would cap nothing). Only addresses with a connection open have an entry: memory follows the
 * connections, not the addresses ever seen.
 */
final class ClientAddresses {
    private final int max;
    private final ConcurrentHashMap<InetAddress, Integer> open = new ConcurrentHashMap<>();
    private final LongAdder refused = new LongAdder();

    ClientAddresses(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1: " + max);
        }
        this.max = max;
    }

    /**
     * The key {@code remote} is counted under; {@code null} when it is not an IP socket address (not counted).
     */
    static InetAddress key(SocketAddress remote) {
        if (!(remote instanceof InetSocketAddress inet) || inet.getAddress() == null) {
            return null;
        }
        InetAddress address = inet.getAddress();
        if (!(address instanceof Inet6Address)) {
            return address;
        }
        byte[] prefix = Arrays.copyOf(address.getAddress(), 16);
        Arrays.fill(prefix, 8, 16, (byte) 0);
        try {
            return InetAddress.getByAddress(prefix);
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** Takes a slot for {@code key}; false (and counted as refused) when it already has {@code max} open. */
    boolean take(InetAddress key) {
        if (key == null) {
            return true;
        }
        boolean[] taken = new boolean[1];
        open.compute(key, (k, n) -> {
            int now = n == null ? 0 : n;
            taken[0] = now < max;
            return taken[0] ? now + 1 : n;
        });
        if (!taken[0]) {
            refused.increment();
        }
        return taken[0];
    }

    /** Gives back a slot taken with {@link #take}. */
    void release(InetAddress key) {
        if (key != null) {
            open.computeIfPresent(key, (k, n) -> n <= 1 ? null : n - 1);
        }
    }

    /** Connections open from {@code key} now. */
    int open(InetAddress key) {
        return open.getOrDefault(key, 0);
    }

    /** Connections refused since the start because their address had {@code max} open. */
    long refused() {
        return refused.sum();
    }

    /** How a key is named in logs: the IPv4 address, or the IPv6 /64. */
    static String describe(InetAddress key) {
        return key instanceof Inet6Address ? key.getHostAddress() + "/64" : key.getHostAddress();
    }
}
