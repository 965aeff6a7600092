package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.RunningClient;
import org.opensrm.testkit.SrmClients;

/**
 * Uploads killed in the middle of their transfer. gfal-copy reads its source from a named pipe fed at about
 * 10 MB/s (up to 200 MB), so the transfer is certainly running when the client is killed (SIGKILL to it and its
 * children: gfal2 ignores SIGINT inside a transfer and never gets to srmAbortRequest).
 */
final class KilledUploads {
    private static final Pattern TOKEN = Pattern.compile("resolution ended : \\S+ -> (gsiftp://\\S+) \\((\\S+)\\)");
    static final long KILL_AFTER_BYTES = 2L * 1024 * 1024;

    /** What a killed upload left: its token and TURL, its hidden upload on disk, when it was prepared (nanoTime). */
    record Killed(String token, String turl, Path upload, long prepared) {
    }

    private final E2eSite site;
    private final SrmClients clients;
    private final String account;
    private final Path local;

    /** Uploads by {@code clients}, mapped to {@code account}, with pipes in {@code local}. */
    KilledUploads(E2eSite site, SrmClients clients, String account, Path local) {
        this.site = site;
        this.clients = clients;
        this.account = account;
        this.local = local;
    }

    /** What a test checks while the upload is under way, before its client is killed. */
    @FunctionalInterface
    interface WhileRunning {
        void check(Path upload) throws Exception;
    }

    /**
     * Starts gfal-copy into {@code /<home>/<dir>/<name>} (making the directory when {@code mkdir}) and kills it
     * mid-transfer.
     */
    Killed kill(SrmSoap soap, String home, String dir, String name, boolean mkdir) throws Exception {
        return kill(soap, home, dir, name, mkdir, upload -> { });
    }

    /** As above, running {@code whileRunning} once the transfer is under way, before the client is killed. */
    Killed kill(SrmSoap soap, String home, String dir, String name, boolean mkdir, WhileRunning whileRunning)
            throws Exception {
        if (mkdir) {
            HttpgResponse made = soap.mkdir(site.surl(home + "/" + dir));
            assertEquals("SRM_SUCCESS", made.text("srmMkdirResponse/returnStatus/statusCode"), made.toString());
        }
        String path = home + "/" + dir + "/" + name;
        Path fifo = local.resolve(dir + "-" + name + ".fifo");
        ClientRun mk = clients.run(List.of("mkfifo", "-m", "0644", fifo.toString()));
        assertTrue(mk.ok(), mk.describe());
        AtomicBoolean stop = new AtomicBoolean();
        Thread feeder = new Thread(() -> feed(fifo, stop), "fifo-feeder-" + dir);
        feeder.setDaemon(true);
        long prepared = System.nanoTime();
        feeder.start();
        ClientRun killed;
        Path upload;
        List<Path> before = OnDisk.uploadsIn(site.staging(account));
        try (RunningClient cp = clients.start(List.of("gfal-copy", "-vvv", "file://" + fifo, site.surl(path)))) {
            upload = awaitPartialUpload(cp, before);
            whileRunning.check(upload);
            assertTrue(cp.isRunning(), "the transfer was still under way when the checks ended");
            cp.kill();
            killed = cp.await();
        } finally {
            stop.set(true);
            unblock(fifo, feeder);
        }
        assertEquals(-1, killed.exitCode(), "the client was killed, it did not end: " + killed.describe());
        Matcher m = TOKEN.matcher(killed.output());
        assertTrue(m.find(), "gfal-copy -vvv names the TURL and token: " + killed.describe());
        assertTrue(m.group(1).endsWith(upload.toString()), "TURL " + m.group(1) + " is the upload " + upload);
        assertFalse(Files.exists(site.onDisk(path)), "no file at the target SURL: " + killed.describe());
        assertTrue(Files.exists(upload), "the partial upload is still there");
        return new Killed(m.group(2), m.group(1), upload, prepared);
    }

    /**
     * Waits until one of the account's staged uploads, not one of {@code before}, holds at least
     * {@link #KILL_AFTER_BYTES}; returns it.
     */
    Path awaitPartialUpload(RunningClient cp, List<Path> before) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            for (Path p : OnDisk.uploadsIn(site.staging(account))) {
                if (!before.contains(p) && Files.isRegularFile(p) && Files.size(p) >= KILL_AFTER_BYTES) {
                    return p;
                }
            }
            if (!cp.isRunning()) {
                throw new AssertionError("gfal-copy ended before the transfer was under way: " + cp.await().describe());
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no upload of " + KILL_AFTER_BYTES + " bytes within 60 s");
    }

    /** Writes 1 MB every 100 ms into the pipe, up to 200 MB, until stopped or the reader is gone. */
    static void feed(Path fifo, AtomicBoolean stop) {
        byte[] chunk = new byte[1024 * 1024];
        Random random = new Random(31);
        try (OutputStream out = Files.newOutputStream(fifo)) {
            for (int i = 0; i < 200 && !stop.get(); i++) {
                random.nextBytes(chunk);
                out.write(chunk);
                Thread.sleep(100); // the scenario: a slow source, so that the upload is still under way
            }
        } catch (IOException | InterruptedException e) {
            // the reader was killed (broken pipe) or the test is over
        }
    }

    /**
     * Ends the feeder: if it still waits for a reader to open the pipe (the client died before opening it), a
     * short-lived reader process releases it.
     */
    void unblock(Path fifo, Thread feeder) throws Exception {
        feeder.join(1000);
        if (feeder.isAlive()) {
            clients.run(List.of("timeout", "5", "dd", "if=" + fifo, "of=/dev/null", "bs=1", "count=1"));
            feeder.join(5000);
        }
        assertFalse(feeder.isAlive(), "the pipe feeder ended");
    }
}
