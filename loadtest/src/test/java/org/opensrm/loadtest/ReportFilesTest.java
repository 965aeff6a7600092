package org.opensrm.loadtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.loadtest.internal.ReportWriter;
import org.w3c.dom.Document;

/** The command line end to end: a ramp over two labelled SURLs, then the CSV, SVG and PNG reports. */
class ReportFilesTest {
    @TempDir
    Path dir;

    @Test
    void commandLineRunWritesCsvAndCharts() throws Exception {
        TestPki pki = new TestPki(dir);
        Path out = dir.resolve("results");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int status;
        try (TinySrmServer server = new TinySrmServer(pki.host, pki.pki.caCertificate(), 200)) {
            status = new LoadTestMain(new PrintStream(stdout, true, StandardCharsets.UTF_8),
                    new PrintStream(stderr, true, StandardCharsets.UTF_8), Map.of()).run(new String[] {
                        "--endpoint", server.endpoint(), "--proxy", pki.proxyFile.toString(),
                        "--cadir", pki.trustDir().toString(), "--op", "ls",
                        "--surl", "10=srm://localhost/data/d10", "--surl", "100=srm://localhost/data/d100",
                        "--concurrency", "1,3", "--duration", "1100ms", "--warmup", "500ms", "--pause", "0",
                        "--connection", "keepalive", "--out", out.toString()});
        }
        String console = stdout.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, stderr.toString(StandardCharsets.UTF_8));
        assertTrue(console.contains("measure"), "per-second progress printed: " + console);
        assertTrue(console.contains("ok/s"), "level summary printed");

        List<String> csv = Files.readAllLines(out.resolve("results.csv"));
        assertEquals(ReportWriter.RESULTS_HEADER, csv.get(0));
        assertEquals(5, csv.size(), "header + 2 SURLs x 2 levels");
        for (String row : csv.subList(1, csv.size())) {
            String[] fields = row.split(",");
            assertEquals(27, fields.length, row);
            assertEquals("ls", fields[1]);
            assertEquals("keepalive", fields[2]);
            int clients = Integer.parseInt(fields[16]);
            assertEquals(clients, Integer.parseInt(fields[20]), "every client connected: " + row);
            assertEquals(clients, Integer.parseInt(fields[21]), "every client answered: " + row);
            assertTrue(Double.parseDouble(fields[22]) > 0, "time to the last first answer: " + row);
            assertTrue(Long.parseLong(fields[23]) >= clients, "connections opened: " + row);
            assertTrue(Long.parseLong(fields[4]) > 0, "ok > 0: " + row);
            assertTrue(Double.parseDouble(fields[8]) > 0, "rate > 0: " + row);
        }
        assertTrue(csv.get(1).startsWith("1,") && csv.get(2).startsWith("3,"));
        assertTrue(csv.get(1).contains(",10,srm://localhost/data/d10,"), csv.get(1));
        assertTrue(Files.readString(out.resolve("statuses.csv")).contains(",srmLs SRM_SUCCESS,"));

        for (String chart : List.of("rate-vs-concurrency", "latency-vs-dirsize")) {
            Document svg = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(out.resolve(chart + ".svg").toFile());
            assertEquals("svg", svg.getDocumentElement().getTagName());
            assertTrue(svg.getElementsByTagName("polyline").getLength() >= 2, chart + " has two lines");
            BufferedImage png = ImageIO.read(out.resolve(chart + ".png").toFile());
            assertNotNull(png, chart + ".png is a PNG");
            assertEquals(960, png.getWidth());
            assertEquals(560, png.getHeight());
        }
    }

    @Test
    void helpAndUsageErrors() {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        LoadTestMain main = new LoadTestMain(new PrintStream(stdout, true, StandardCharsets.UTF_8),
                new PrintStream(stderr, true, StandardCharsets.UTF_8), Map.of());

        assertEquals(0, main.run(new String[] {"--help"}));
        assertTrue(stdout.toString(StandardCharsets.UTF_8).contains("--concurrency LIST"));
        assertEquals(2, main.run(new String[] {"--endpoint", "httpg://localhost:1/x", "--op", "ls"}));
        assertTrue(stderr.toString(StandardCharsets.UTF_8).contains("needs at least one SURL"));
        assertEquals(2, main.run(new String[] {"--bogus"}));
    }
}
