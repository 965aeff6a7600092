package org.opensrm.gridftp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opensrm.gridftp.internal.LoadFigure;
import org.opensrm.gridftp.internal.XrootdSummary;
import org.opensrm.gridftp.internal.XrootdSummaryReceiver;
import org.opensrm.gridftp.internal.XrootdSummarySource;

/**
 * Edge cases of reading XRootD summary reports, with datagrams shaped as xrootd 5.5.3 sends them (one recorded from
 * it) pushed over loopback UDP, and the receiver's clock in the test's hand for report ages.
 */
class XrootdSummaryReceiverTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final int PORT = 2811;
    private final AtomicLong clock = new AtomicLong(1_000_000_000L);
    private XrootdSummaryReceiver receiver;
    private DatagramSocket door;

    @BeforeEach
    void open() throws IOException {
        receiver = new XrootdSummaryReceiver("127.0.0.1", 0, 1 << 20, clock::get);
        door = new DatagramSocket(0, LOOPBACK);
    }

    @AfterEach
    void close() {
        door.close();
        receiver.close();
    }

    private void push(String... reports) throws IOException {
        long before = receiver.datagrams();
        for (String r : reports) {
            byte[] b = r.getBytes(StandardCharsets.UTF_8);
            door.send(new DatagramPacket(b, b.length, LOOPBACK, receiver.port()));
        }
        Await.until(() -> receiver.datagrams() >= before + reports.length, "the datagrams", Duration.ofSeconds(5));
    }

    private static String report(long tos, long tod, int num, long in, long out) {
        return XrootdSummarySourceContractTest.report(tod, Integer.toString(num), in, out)
                .replace("tos=\"1000\"", "tos=\"" + tos + "\"");
    }

    private XrootdSummaryReceiver.Reading reading() {
        return receiver.reading("localhost", List.of(LOOPBACK), PORT);
    }

    @Test
    void aRecordedReportOfXrootd553Parses() throws Exception {
        byte[] d;
        try (InputStream in = getClass().getResourceAsStream("/xrootd-5.5.3-summary.xml")) {
            d = in.readAllBytes();
        }
        XrootdSummary s = XrootdSummary.parse(d, d.length);
        assertEquals("door1.example.org", s.host());
        assertEquals(21094, s.port());
        assertEquals(3, s.links());
        assertEquals(614 + 8_397_415, s.bytes());
        assertEquals(1795836027L, s.tod());
        assertEquals("xrootd", s.program());
    }

    @Test
    void aReportWithoutItsLinkSectionNamesTheFix() {
        String r = report(1000, 2000, 1, 0, 0).replaceAll("<stats id=\"link\">.*?</stats>", "");
        byte[] d = r.getBytes(StandardCharsets.UTF_8);
        ProbeException e = assertThrows(ProbeException.class, () -> XrootdSummary.parse(d, d.length));
        assertTrue(e.getMessage().contains("'all' or 'link'"), e.getMessage());
    }

    @Test
    void entitiesAndDoctypesAreNotExpanded() {
        String r = "<!DOCTYPE statistics [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                + report(1000, 2000, 1, 0, 0).replace("<num>1</num>", "<num>&x;</num>");
        byte[] d = r.getBytes(StandardCharsets.UTF_8);
        assertThrows(ProbeException.class, () -> XrootdSummary.parse(d, d.length));
    }

    @Test
    void thePortComesFromTheInfoSectionWhenSrcHasNone() throws Exception {
        byte[] d = report(1000, 2000, 1, 0, 0).replace("src=\"door.example.org:2811\"", "src=\"door.example.org\"")
                .getBytes(StandardCharsets.UTF_8);
        assertEquals(2811, XrootdSummary.parse(d, d.length).port());
    }

    @Test
    void throughputIsTheCounterDifferenceOverTheReportsOwnTimestamps() throws Exception {
        push(report(1000, 2000, 2, 0, 0));
        assertTrue(Double.isNaN(reading().bytesPerSecond()), "one report: no rate yet");
        push(report(1000, 2001, 2, 1_000_000, 0), report(1000, 2002, 2, 1_000_000, 2_000_000));
        assertEquals(1_500_000, reading().bytesPerSecond(), 1e-6);
        assertEquals(2, reading().summary().links());
    }

    @Test
    void throughputFallsToZeroOnceTheSpanHoldsNoTransfer() throws Exception {
        for (int t = 0; t <= 6; t++) {
            push(report(1000, 2000 + t, 1, t * 10_000_000L, 0));
        }
        assertEquals(10_000_000, reading().bytesPerSecond(), 1e-6);
        for (int t = 7; t <= 6 + XrootdSummaryReceiver.RATE_SPAN_SECONDS; t++) {
            push(report(1000, 2000 + t, 0, 60_000_000L, 0));
        }
        assertEquals(0, reading().bytesPerSecond(), 1e-6);
    }

    @Test
    void aRestartedServerStartsItsRateAfresh() throws Exception {
        push(report(1000, 2000, 1, 0, 0), report(1000, 2001, 1, 9_000_000, 0));
        push(report(3000, 3001, 1, 500, 0));
        assertTrue(Double.isNaN(reading().bytesPerSecond()), "no rate across a restart");
        push(report(3000, 3002, 1, 1500, 0));
        assertEquals(1000, reading().bytesPerSecond(), 1e-6);
    }

    @Test
    void anOvertakenReportIsDroppedAndARepeatedSecondReplaced() throws Exception {
        push(report(1000, 2000, 1, 0, 0), report(1000, 2002, 4, 4000, 0), report(1000, 2001, 9, 2000, 0));
        assertEquals(4, reading().summary().links());
        push(report(1000, 2002, 5, 6000, 0));
        assertEquals(5, reading().summary().links());
        assertEquals(3000, reading().bytesPerSecond(), 1e-6);
    }

    @Test
    void aServerIsFoundByItsAddressOrTheNameItReportsAndByItsPort() throws Exception {
        push(report(1000, 2000, 1, 0, 0));
        assertNotNull(receiver.reading("localhost", List.of(LOOPBACK), PORT));
        assertNotNull(receiver.reading("door.example.org", List.of(), PORT));
        assertNotNull(receiver.reading("DOOR", List.of(), PORT), "the short name of the reported one");
        assertNull(receiver.reading("localhost", List.of(LOOPBACK), PORT + 1), "another port");
        assertNull(receiver.reading("elsewhere.example.org", List.of(), PORT));
    }

    @Test
    void aRefusedDatagramIsNamedWhenItsHostHasNoReport() throws Exception {
        push("this is no report");
        XrootdSummarySource source = new XrootdSummarySource(receiver, Duration.ofSeconds(30));
        ProbeException e = assertThrows(ProbeException.class,
                () -> source.sample(new GridFtpNode("127.0.0.1", PORT), Duration.ofMillis(200)));
        assertTrue(e.getMessage().contains("refused") && e.getMessage().contains("well-formed"), e.getMessage());
    }

    @Test
    void figuresOlderThanTheMaxAgeAreNotBelieved() throws Exception {
        XrootdSummarySource source = new XrootdSummarySource(receiver, Duration.ofSeconds(10));
        GridFtpNode node = new GridFtpNode("127.0.0.1", PORT);
        push(report(1000, 2000, 3, 0, 0));
        clock.addAndGet(Duration.ofSeconds(10).toNanos());
        assertEquals(3, source.sample(node, Duration.ofMillis(200)).sessions());
        clock.addAndGet(1);
        ProbeException e = assertThrows(ProbeException.class, () -> source.sample(node, Duration.ofMillis(200)));
        assertTrue(e.getMessage().contains("max age of 10 s"), e.getMessage());
        push(report(1000, 2011, 0, 0, 0));
        assertEquals(0, source.sample(node, Duration.ofMillis(200)).sessions());
    }

    @Test
    void theFigureIsConnectionsAgainstTheMaxAndThroughputAgainstTheLink() throws Exception {
        push(report(1000, 2000, 5, 0, 0), report(1000, 2001, 5, 0, 25_000_000));
        LoadSample s = new XrootdSummarySource(receiver, Duration.ofSeconds(30))
                .sample(new GridFtpNode("127.0.0.1", PORT), Duration.ofMillis(200));
        LoadProbeConfig c = LoadProbeConfig.builder().source(LoadProbeConfig.Source.XROOTD_SUMMARY).sessionsMax(10)
                .linkBytesPerSecond(1e8).build();
        LoadFigure f = LoadFigure.of(s, c);
        assertEquals((0.5 + 0.25) / 2, f.load(), 1e-9, "cpu is not reported, so its weight is left out");
        assertFalse(f.full());
    }
}
