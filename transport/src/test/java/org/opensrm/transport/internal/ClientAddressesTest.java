package org.opensrm.transport.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;

import org.junit.jupiter.api.Test;

class ClientAddressesTest {

    @Test
    void anIpv4ClientIsCountedByItsAddress() throws Exception {
        assertEquals(InetAddress.getByName("192.0.2.7"), key("192.0.2.7"));
        assertNotEquals(key("192.0.2.7"), key("192.0.2.8"));
    }

    @Test
    void anIpv6ClientIsCountedByItsSlash64() throws Exception {
        assertEquals(key("2001:db8:1:2::1"), key("2001:db8:1:2:ffff:eeee:dddd:cccc"));
        assertNotEquals(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assertEquals("2001:db8:1:2:0:0:0:0/64", ClientAddresses.describe(key("2001:db8:1:2::1")));
    }

    @Test
    void aNonIpPeerIsNotCounted() {
        assertNull(ClientAddresses.key(null));
        assertTrue(new ClientAddresses(1).take(null));
    }

    @Test
    void theCapRefusesBeyondMaxAndFreesOnRelease() throws Exception {
        ClientAddresses counts = new ClientAddresses(2);
        InetAddress a = key("127.0.0.2");
        InetAddress b = key("127.0.0.3");
        assertTrue(counts.take(a));
        assertTrue(counts.take(a));
        assertFalse(counts.take(a));
        assertTrue(counts.take(b), "another address has its own count");
        assertEquals(1, counts.refused());
        counts.release(a);
        assertTrue(counts.take(a));
        counts.release(a);
        counts.release(a);
        counts.release(b);
        assertEquals(0, counts.open(a));
        assertEquals(0, counts.open(b));
        counts.release(a); // once more than taken: stays at zero
        assertEquals(0, counts.open(a));
    }

    private static InetAddress key(String address) throws Exception {
        return ClientAddresses.key(new InetSocketAddress(InetAddress.getByName(address), 1234));
    }
}
