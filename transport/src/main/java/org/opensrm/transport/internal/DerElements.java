package org.opensrm.transport.internal;

import java.nio.ByteBuffer;

/** Framing of a stream of DER certificates: where the SEQUENCE at a buffer's position ends. */
final class DerElements {
    static final byte SEQUENCE = 0x30;

    private DerElements() {
    }

    /**
     * The length in bytes (header included) of the DER SEQUENCE starting at {@code buffer}'s position (flush mode),
     * or -1 when more bytes are needed to know it or to hold all of it.
     *
     * @throws DelegationRefused when the bytes cannot start a certificate or it would be longer than {@code max}
     */
    static int completeLength(ByteBuffer buffer, int max) throws DelegationRefused {
        int p = buffer.position();
        int available = buffer.remaining();
        if (available < 2) {
            return -1;
        }
        if (buffer.get(p) != SEQUENCE) {
            throw new DelegationRefused("not a DER certificate (first byte 0x"
                    + Integer.toHexString(buffer.get(p) & 0xff) + ")");
        }
        int first = buffer.get(p + 1) & 0xff;
        long total;
        if (first < 0x80) {
            total = 2 + first;
        } else {
            int octets = first & 0x7f;
            if (octets == 0 || octets > 3) {
                throw new DelegationRefused("not a DER certificate (length encoding 0x" + Integer.toHexString(first)
                        + ")");
            }
            if (available < 2 + octets) {
                return -1;
            }
            long length = 0;
            for (int i = 0; i < octets; i++) {
                length = length << 8 | buffer.get(p + 2 + i) & 0xff;
            }
            total = 2 + octets + length;
        }
        if (total > max) {
            throw new DelegationRefused("certificate of " + total + " bytes, more than " + max);
        }
        return available >= total ? (int) total : -1;
    }
}
