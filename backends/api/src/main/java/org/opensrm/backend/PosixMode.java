package org.opensrm.backend;

/**
 * Permission bits for owner, group and other, each a combination of read (4), write (2) and execute (1).
 *
 * @param owner 0..7
 * @param group 0..7
 * @param other 0..7
 */
public record PosixMode(int owner, int group, int other) {
    public PosixMode {
        check(owner, "owner");
        check(group, "group");
        check(other, "other");
    }

    private static void check(int bits, String who) {
        if (bits < 0 || bits > 7) {
            throw new IllegalArgumentException(who + " bits out of range: " + bits);
        }
    }

    public static PosixMode ofOctal(int mode) {
        return new PosixMode((mode >> 6) & 7, (mode >> 3) & 7, mode & 7);
    }

    public int toOctal() {
        return (owner << 6) | (group << 3) | other;
    }

    @Override
    public String toString() {
        return String.format("%03o", toOctal());
    }
}
