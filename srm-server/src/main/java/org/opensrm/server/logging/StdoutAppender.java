package org.opensrm.server.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.Flushable;
import java.io.IOException;

/**
 * The process's standard output, buffered: lines are kept until {@link #flush} (which {@link BatchingAppender}
 * calls after each batch) or until {@value #BUFFER} bytes are waiting, and then written at once. Lines are never
 * split: each is handed to the buffer whole, and a write of standard output from elsewhere (the console appender
 * of other loggers) can only fall between two lines. Stopping flushes and leaves standard output open.
 */
public class StdoutAppender extends OutputStreamAppender<ILoggingEvent> implements Flushable {
    static final int BUFFER = 64 * 1024;

    @Override
    public void start() {
        setImmediateFlush(false);
        setOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), BUFFER));
        super.start();
    }

    @Override
    public void flush() throws IOException {
        streamWriteLock.lock();
        try {
            if (getOutputStream() != null) {
                getOutputStream().flush();
            }
        } finally {
            streamWriteLock.unlock();
        }
    }

    @Override
    protected void closeOutputStream() {
        try {
            flush();
        } catch (IOException e) {
            addWarn("cannot flush standard output: " + e);
        }
    }
}
