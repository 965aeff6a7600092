package org.opensrm.server.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import java.io.Flushable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

class BatchingAppenderTest {
    private final LoggerContext context = new LoggerContext();
    private final Logger logger = context.getLogger("org.opensrm.access");
    private final Recording recording = new Recording();
    private final BatchingAppender batching = new BatchingAppender();

    /** An appender that keeps what it was given, counts flushes, and can be held to make the queue fill. */
    private static final class Recording extends UnsynchronizedAppenderBase<ILoggingEvent> implements Flushable {
        final List<String> lines = new ArrayList<>();
        volatile CountDownLatch gate = new CountDownLatch(0);
        int flushes;
        int linesAtLastFlush;

        @Override
        protected void append(ILoggingEvent e) {
            try {
                gate.await();
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
            synchronized (this) {
                lines.add(e.getFormattedMessage() + " dn=" + e.getMDCPropertyMap().get("dn"));
            }
        }

        @Override
        public synchronized void flush() {
            flushes++;
            linesAtLastFlush = lines.size();
        }

        synchronized int linesAtLastFlush() {
            return linesAtLastFlush;
        }

        synchronized List<String> snapshot() {
            return List.copyOf(lines);
        }
    }

    private void start(int queueSize) {
        context.setMDCAdapter(MDC.getMDCAdapter());
        recording.setContext(context);
        recording.start();
        batching.setContext(context);
        batching.setName("ACCESS");
        batching.setQueueSize(queueSize);
        batching.addAppender(recording);
        batching.start();
        logger.addAppender(batching);
        logger.setAdditive(false);
        logger.setLevel(Level.INFO);
    }

    @AfterEach
    void stop() {
        recording.gate.countDown();
        context.stop();
    }

    private List<String> awaitLines(int n) throws InterruptedException {

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (recording.snapshot().size() < n && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        return recording.snapshot();
    }

    @Test
    void everyLineIsWrittenInOrderWithTheMdcOfItsMomentAndTheWriterFlushesAfterwards() throws Exception {
        start(8192);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            MDC.put("dn", "/CN=user" + i);
            logger.info("srmLs {}", i);
            expected.add("srmLs " + i + " dn=/CN=user" + i);
        }
        MDC.clear();
        assertEquals(expected, awaitLines(500));
        synchronized (recording) {
            assertTrue(recording.flushes >= 1, "the buffered appender was flushed");
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (recording.linesAtLastFlush() < 500 && System.nanoTime() < deadline) {
            Thread.sleep(5); // polls: the writer flushes right after the batch it wrote
        }
        synchronized (recording) {
            assertEquals(500, recording.linesAtLastFlush);
        }
    }

    @Test
    void aFullQueueMakesCallersWaitAndNoLineIsDropped() throws Exception {
        recording.gate = new CountDownLatch(1);
        start(4);
        Thread caller = new Thread(() -> {
            for (int i = 0; i < 40; i++) {
                logger.info("line {}", i);
            }
        });
        caller.start();
        caller.join(300);
        assertTrue(caller.isAlive(), "the caller waits while the queue is full");
        assertTrue(recording.snapshot().isEmpty());
        recording.gate.countDown();
        caller.join(10_000);
        assertFalse(caller.isAlive());
        List<String> lines = awaitLines(40);
        assertEquals(40, lines.size());
        for (int i = 0; i < 40; i++) {
            assertEquals("line " + i + " dn=null", lines.get(i));
        }
    }

    @Test
    void stoppingWritesWhatIsStillQueued() throws Exception {
        recording.gate = new CountDownLatch(1);
        start(8192);
        for (int i = 0; i < 100; i++) {
            logger.info("queued {}", i);
        }
        Thread stopper = new Thread(batching::stop);
        stopper.start();
        recording.gate.countDown();
        stopper.join(10_000);
        assertEquals(100, recording.snapshot().size());
        assertEquals("queued 99 dn=null", recording.snapshot().get(99));
    }

    @Test
    void aBatchingAppenderWithoutAnAttachedAppenderDoesNotStart() {
        BatchingAppender lonely = new BatchingAppender();
        lonely.setContext(context);
        lonely.setName("LONELY");
        lonely.start();
        assertFalse(lonely.isStarted());
    }

    @Test
    void theShippedConfigurationBatchesTheAccessAndAuditLogs() throws Exception {
        LoggerContext shipped = new LoggerContext();
        ch.qos.logback.classic.joran.JoranConfigurator joran = new ch.qos.logback.classic.joran.JoranConfigurator();
        joran.setContext(shipped);
        try (var in = getClass().getResourceAsStream("/logback.xml")) {
            joran.doConfigure(in);
        }
        try {
            for (String name : List.of("org.opensrm.access", "org.opensrm.audit")) {
                var appender = shipped.getLogger(name).getAppender("ACCESS");
                assertTrue(appender instanceof BatchingAppender b && b.isStarted()
                        && b.getAppender("ACCESS_OUT") instanceof StdoutAppender, name);
            }
        } finally {
            shipped.stop();
        }
    }
}
