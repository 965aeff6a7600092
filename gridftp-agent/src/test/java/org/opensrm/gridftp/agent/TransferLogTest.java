package org.opensrm.gridftp.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TransferLogTest {
    @TempDir
    Path tmp;

    /** A line as globus-gridftp-server 13 writes it with -log-transfer (times are UTC). */
    private static String line(String start, String end, long bytes) {
        return "DATE=" + end + " HOST=door.example.org PROG=globus-gridftp-server NL.EVNT=FTP_INFO START=" + start
                + " USER=srmuser1 FILE=/data/f BUFFER=0 BLOCK=262144 NBYTES=" + bytes
                + " VOLUME=/ STREAMS=1 STRIPES=1 DEST=[127.0.0.1] TYPE=RETR CODE=226\n";
    }

    private static double epoch(String stamp) {
        return LocalDateTime.of(2026, 1, 2, 3, 4, 0).toEpochSecond(ZoneOffset.UTC) + Double.parseDouble(stamp);
    }

    @Test
    void throughputCountsThePartOfEachTransferInsideTheWindow() throws Exception {
        Path file = tmp.resolve("transfer.log");
        // 1000 bytes over 10 s (03:04:00 to 03:04:10), 500 bytes in an instant at 03:04:20
        Files.writeString(file, line("20260102030400.000000", "20260102030410.000000", 1000)
                + "some other line without fields\n" + line("20260102030420.5", "20260102030420.5", 500));
        TransferLog log = new TransferLog(file);
        log.catchUp();
        assertEquals(2, log.totalTransfers());
        assertEquals(1500, log.totalBytes());
        // window 03:04:05..03:04:25: half of the first transfer and all of the second
        assertEquals((500 + 500) / 20.0, log.bytesPerSecond(epoch("25"), 20), 1e-9);
        // appended lines are read on from where the last read stopped
        Files.writeString(file, line("20260102030424", "20260102030425", 300), java.nio.file.StandardOpenOption.APPEND);
        log.catchUp();
        assertEquals(3, log.totalTransfers());
        // past the window nothing is left
        assertEquals(0, log.bytesPerSecond(epoch("100"), 20), 1e-9);
    }

    @Test
    void aMissingLogIsNoThroughput() throws Exception {
        TransferLog log = new TransferLog(tmp.resolve("absent.log"));
        log.catchUp();
        assertEquals(0, log.bytesPerSecond(1e9, 30), 1e-9);
    }

    @Test
    void optionsAreChecked() {
        AgentOptions o = AgentOptions.parse(new String[] {"--pid", "42", "--transfer-log", "/var/log/t.log",
                "--listen", "127.0.0.1:0", "--sessions-max", "50"});
        assertEquals(42, o.pid());
        assertEquals(0, o.port());
        assertEquals(50, o.sessionsMax());
        assertEquals(30, o.windowSeconds(), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse(new String[] {"--transfer-log", "/t"}));
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse(new String[] {"--pid", "-1", "--transfer-log", "/t"}));
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse(new String[] {"--pid", "1", "--transfer-log", "/t", "--bogus", "1"}));
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse(new String[] {"--pid", "1"}));
    }
}
