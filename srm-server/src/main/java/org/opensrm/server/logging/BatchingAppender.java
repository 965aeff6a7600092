package org.opensrm.server.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import ch.qos.logback.core.spi.AppenderAttachable;
import ch.qos.logback.core.spi.AppenderAttachableImpl;
import java.io.Flushable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Hands log lines to one background thread that writes them in batches: the request threads only queue their
 * event, and the writer takes whatever is queued every {@link #setMaxDelayMillis few milliseconds}, passes each
 * event to the attached appenders and then flushes those that buffer ({@link Flushable}, such as
 * {@link StdoutAppender}): one write for a batch instead of one per line.
 *
 * <p>Unlike logback's {@code AsyncAppender}, a queued line does not wake the writer: under load that wake-up
 * was a thread switch for every line (seven a get cycle with the access and audit logs). The writer wakes by
 * itself; a request thread wakes it only when the queue is half full, and waits when it is full, so no line is
 * ever dropped. A line reaches the log at most {@code maxDelayMillis} after it was made, and every queued line
 * is written when the appender stops (logback's shutdown hook).
 */
public class BatchingAppender extends UnsynchronizedAppenderBase<ILoggingEvent>
        implements AppenderAttachable<ILoggingEvent> {
    /** Most events written before the attached appenders are flushed. */
    static final int BATCH = 1024;

    private final AppenderAttachableImpl<ILoggingEvent> appenders = new AppenderAttachableImpl<>();
    private int queueSize = 8192;
    private long maxDelayMillis = 10;
    private BlockingQueue<ILoggingEvent> queue;
    private Thread writer;
    private volatile boolean stopping;

    public void setQueueSize(int queueSize) {
        this.queueSize = queueSize;
    }

    public void setMaxDelayMillis(long maxDelayMillis) {
        this.maxDelayMillis = maxDelayMillis;
    }

    @Override
    public void start() {
        if (queueSize < 2 || maxDelayMillis < 1) {
            addError("queueSize must be at least 2 and maxDelayMillis at least 1");
            return;
        }
        if (!appenders.iteratorForAppenders().hasNext()) {
            addError("no appender is attached to " + name);
            return;
        }
        queue = new LinkedBlockingQueue<>(queueSize);
        stopping = false;
        writer = new Thread(this::writeUntilStopped, "log-writer " + name);
        writer.setDaemon(true);
        super.start();
        writer.start();
    }

    @Override
    protected void append(ILoggingEvent event) {
        event.prepareForDeferredProcessing();
        if (queue.offer(event)) {
            if (queue.size() >= queueSize / 2) {
                LockSupport.unpark(writer);
            }
            return;
        }
        LockSupport.unpark(writer);
        try {
            queue.put(event);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            addWarn("interrupted while the log queue was full; the line was not written");
        }
    }

    private void writeUntilStopped() {
        List<ILoggingEvent> batch = new ArrayList<>(BATCH);
        long delay = TimeUnit.MILLISECONDS.toNanos(maxDelayMillis);
        while (!stopping) {
            if (writeQueued(batch) == 0) {
                LockSupport.parkNanos(this, delay);
            }
        }
        while (writeQueued(batch) > 0) {
            // what was queued before stop
        }
    }

    /** Writes what is queued now, at most one batch, and flushes; the number of events written. */
    private int writeQueued(List<ILoggingEvent> batch) {
        queue.drainTo(batch, BATCH);
        if (batch.isEmpty()) {
            return 0;
        }
        for (ILoggingEvent e : batch) {
            appenders.appendLoopOnAppenders(e);
        }
        int written = batch.size();
        batch.clear();
        flushAppenders();
        return written;
    }

    private void flushAppenders() {
        for (Iterator<Appender<ILoggingEvent>> it = appenders.iteratorForAppenders(); it.hasNext(); ) {
            if (it.next() instanceof Flushable f) {
                try {
                    f.flush();
                } catch (IOException e) {
                    addWarn("cannot flush the log: " + e);
                }
            }
        }
    }

    @Override
    public void stop() {
        if (!isStarted()) {
            return;
        }
        super.stop();
        stopping = true;
        LockSupport.unpark(writer);
        try {
            writer.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        appenders.detachAndStopAllAppenders();
    }

    @Override
    public void addAppender(Appender<ILoggingEvent> appender) {
        appenders.addAppender(appender);
    }

    @Override
    public Iterator<Appender<ILoggingEvent>> iteratorForAppenders() {
        return appenders.iteratorForAppenders();
    }

    @Override
    public Appender<ILoggingEvent> getAppender(String name) {
        return appenders.getAppender(name);
    }

    @Override
    public boolean isAttached(Appender<ILoggingEvent> appender) {
        return appenders.isAttached(appender);
    }

    @Override
    public void detachAndStopAllAppenders() {
        appenders.detachAndStopAllAppenders();
    }

    @Override
    public boolean detachAppender(Appender<ILoggingEvent> appender) {
        return appenders.detachAppender(appender);
    }

    @Override
    public boolean detachAppender(String name) {
        return appenders.detachAppender(name);
    }
}
