package org.opensrm.gridftp;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.opensrm.gridftp.contract.FakeEndpoint;
import org.opensrm.gridftp.contract.LoadSourceContract;
import org.opensrm.gridftp.internal.XrootdSummaryReceiver;
import org.opensrm.gridftp.internal.XrootdSummarySource;

/**
 * The load-source contract for XRootD summary reports: the "endpoint" is the receiver the door pushes to, and the
 * door's answer the datagrams it sends (several reports, separated by a form feed, are sent one after the other). A
 * hanging or refusing door is one that sends nothing; a huge answer is a datagram above the receiver's limit.
 */
class XrootdSummarySourceContractTest extends LoadSourceContract {
    private static final int MAX_BYTES = 8192;
    private final Map<String, XrootdSummaryReceiver> receivers = new HashMap<>();

    /** A summary report of the door at 127.0.0.1 that calls itself door.example.org:2811, as xrootd 5.5 writes it. */
    static String report(long tod, String num, long in, long out) {
        return "<statistics tod=\"" + tod + "\" ver=\"v5.5.3\" src=\"door.example.org:2811\" tos=\"1000\" pgm=\"xrootd\""
                + " ins=\"anon\" pid=\"4242\" site=\"\"><stats id=\"info\"><host>door.example.org</host><port>2811</port>"
                + "<name>anon</name></stats><stats id=\"link\"><num>" + num + "</num><maxn>9</maxn><tot>40</tot><in>"
                + in + "</in><out>" + out + "</out><ctime>3</ctime><tmo>0</tmo><stall>0</stall><sfps>0</sfps></stats>"
                + "<stats id=\"proc\"><usr><s>1</s><u>2</u></usr><sys><s>0</s><u>5</u></sys></stats>"
                + "<stats id=\"sched\"><jobs>2</jobs><inq>0</inq><maxinq>1</maxinq><threads>3</threads><idle>0</idle>"
                + "<tcr>3</tcr><tde>0</tde><tlimr>0</tlimr></stats></statistics>";
    }

    @Override
    protected LoadSource source(String endpoint) {
        return new XrootdSummarySource(receivers.get(endpoint), Duration.ofSeconds(30));
    }

    @Override
    protected boolean http() {
        return false;
    }

    @Override
    protected boolean reportsCpu() {
        return false; // XRootD reports its own CPU seconds, not the host's load
    }

    @Override
    protected String goodAnswer() {
        return report(2000, "7", 0, 0) + "\f" + report(2001, "7", 200_000_000, 300_000_000);
    }

    @Override
    protected String answerWithSessions(String sessions) {
        return report(2000, sessions, 0, 0);
    }

    @Override
    protected String answerWithoutFigures() {
        return report(2000, "1", 0, 0).replaceAll("<stats id=\"link\">.*?</stats>", "");
    }

    @Override
    protected String serve(FakeEndpoint.Behaviour b, String body) throws IOException {
        XrootdSummaryReceiver r = new XrootdSummaryReceiver("127.0.0.1", 0, MAX_BYTES, System::nanoTime);
        receivers.put(r.address(), r);
        byte[][] datagrams = switch (b) {
            case HANG -> new byte[0][];
            case HUGE -> new byte[][] {huge()};
            case ANSWER -> Arrays.stream(body.split("\f")).map(s -> s.getBytes(StandardCharsets.UTF_8))
                    .toArray(byte[][]::new);
        };
        try (DatagramSocket door = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            for (byte[] d : datagrams) {
                door.send(new DatagramPacket(d, d.length, InetAddress.getLoopbackAddress(), r.port()));
            }
        }
        Await.until(() -> r.datagrams() >= datagrams.length, "the receiver to take the door's datagrams",
                Duration.ofSeconds(5));
        return r.address();
    }

    @Override
    protected String silentEndpoint(int heldPort) throws IOException {
        return serve(FakeEndpoint.Behaviour.HANG, "");
    }

    private static byte[] huge() {
        String r = report(2000, "1", 0, 0);
        StringBuilder b = new StringBuilder(r.substring(0, r.length() - "</statistics>".length()));
        while (b.length() < 60_000) {
            b.append("<stats id=\"pad\"><x>0</x></stats>");
        }
        return b.append("</statistics>").toString().getBytes(StandardCharsets.UTF_8);
    }

    @AfterEach
    void closeReceivers() {
        receivers.values().forEach(XrootdSummaryReceiver::close);
    }
}
