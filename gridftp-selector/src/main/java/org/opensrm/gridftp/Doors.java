package org.opensrm.gridftp;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Small helpers over door lists. */
public final class Doors {
    private Doors() {
    }

    /** How messages name the doors of a protocol: "GridFTP" for gsiftp (as before there were others), else the protocol. */
    public static String label(String protocol) {
        return GridFtpNode.GSIFTP.equals(protocol) ? "GridFTP" : protocol;
    }

    /** The protocols the doors serve, in the order they first appear. */
    public static List<String> protocols(List<GridFtpNode> doors) {
        Set<String> out = new LinkedHashSet<>();
        doors.forEach(d -> out.addAll(d.protocols()));
        return List.copyOf(out);
    }

    /** The doors that serve {@code protocol}, in their order. */
    public static List<GridFtpNode> serving(List<GridFtpNode> doors, String protocol) {
        List<GridFtpNode> out = new ArrayList<>();
        for (GridFtpNode d : doors) {
            if (d.serves(protocol)) {
                out.add(d);
            }
        }
        return out;
    }
}
