package org.opensrm.gridftp.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.opensrm.gridftp.DoorLoad;
import org.opensrm.gridftp.DoorState;
import org.opensrm.gridftp.GridFtpNode;

/**
 * What the request path reads: one immutable ranking built by the prober after each round and swapped in whole
 * (a volatile reference), so a selection holds no lock and never sees half a round. Doors that are
 * {@link DoorState#UP} are sorted by load, least first; {@link DoorState#UNKNOWN} doors are kept apart.
 */
public final class LoadSnapshot {
    final GridFtpNode[] up;
    final double[] upLoad;
    final int[] upIndex;
    final GridFtpNode[] unknown;
    final int[] unknownIndex;
    final boolean anyFull;
    private final List<DoorLoad> doors;

    /**
     * @param doors one entry per configured door, in configuration order (an entry's position is its index in the
     *              selector's choice counters)
     */
    public LoadSnapshot(List<DoorLoad> doors) {
        this(doors, null);
    }

    /** @param index the position of each entry of {@code doors} in the selector's counters; null: its own */
    private LoadSnapshot(List<DoorLoad> doors, int[] index) {
        this.doors = List.copyOf(doors);
        List<Integer> ups = new ArrayList<>();
        List<Integer> unknowns = new ArrayList<>();
        boolean full = false;
        for (int i = 0; i < doors.size(); i++) {
            switch (doors.get(i).state()) {
                case UP -> ups.add(i);
                case UNKNOWN -> unknowns.add(i);
                case FULL -> full = true;
                default -> { }
            }
        }
        ups.sort(Comparator.comparingDouble(i -> doors.get(i).load()));
        int[] ownUp = ups.stream().mapToInt(Integer::intValue).toArray();
        this.up = Arrays.stream(ownUp).mapToObj(i -> doors.get(i).node()).toArray(GridFtpNode[]::new);
        this.upLoad = Arrays.stream(ownUp).mapToDouble(i -> doors.get(i).load()).toArray();
        this.upIndex = index == null ? ownUp : Arrays.stream(ownUp).map(i -> index[i]).toArray();
        int[] ownUnknown = unknowns.stream().mapToInt(Integer::intValue).toArray();
        this.unknown = Arrays.stream(ownUnknown).mapToObj(i -> doors.get(i).node()).toArray(GridFtpNode[]::new);
        this.unknownIndex = index == null ? ownUnknown : Arrays.stream(ownUnknown).map(i -> index[i]).toArray();
        this.anyFull = full;
    }

    /**
     * The same round restricted to the doors serving {@code protocol}, each keeping its index among all doors;
     * this snapshot itself when every door serves it.
     */
    public LoadSnapshot serving(String protocol) {
        List<DoorLoad> kept = new ArrayList<>();
        List<Integer> index = new ArrayList<>();
        for (int i = 0; i < doors.size(); i++) {
            if (doors.get(i).node().serves(protocol)) {
                kept.add(doors.get(i));
                index.add(i);
            }
        }
        return kept.size() == doors.size() ? this
                : new LoadSnapshot(kept, index.stream().mapToInt(Integer::intValue).toArray());
    }

    /** Before the first round: every door unknown ("not probed yet"), so selection is uniformly random. */
    public static LoadSnapshot unprobed(List<GridFtpNode> nodes) {
        return new LoadSnapshot(nodes.stream()
                .map(n -> new DoorLoad(n, DoorState.UNKNOWN, Double.NaN, "not probed yet")).toList());
    }

    /** Every door, in configuration order. */
    public List<DoorLoad> doors() {
        return doors;
    }

    /** What is known of one door ({@code UNKNOWN} "not configured" for a door not among them). */
    public DoorLoad door(GridFtpNode node) {
        for (DoorLoad d : doors) {
            if (d.node().equals(node)) {
                return d;
            }
        }
        return new DoorLoad(node, DoorState.UNKNOWN, Double.NaN, "not configured");
    }

    /** "a (full: 421 ...), b (dead: ...)" for the message of a refused selection. */
    String describe() {
        return doors.stream().map(d -> d.node() + " " + d.state().name().toLowerCase() + ": " + d.detail())
                .collect(Collectors.joining("; "));
    }
}
