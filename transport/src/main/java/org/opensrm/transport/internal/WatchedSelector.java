package org.opensrm.transport.internal;

import java.io.IOException;
import java.nio.channels.Selector;

import org.eclipse.jetty.io.ManagedSelector;
import org.eclipse.jetty.io.SelectorManager;

/**
 * A selector that remembers when its last {@code select()} returned: the moment the server learned which
 * connections have bytes, whatever the time it then takes to get to each of them. The {@link ClockedEndPoint}s
 * stop charging their peers at that moment.
 */
final class WatchedSelector extends ManagedSelector {
    private volatile long lastReturn = System.nanoTime();

    WatchedSelector(SelectorManager manager, int id) {
        super(manager, id);
    }

    /** {@link System#nanoTime()} when the last select returned. */
    long lastReturn() {
        return lastReturn;
    }

    @Override
    protected int nioSelect(Selector selector, boolean now) throws IOException {
        try {
            return super.nioSelect(selector, now);
        } finally {
            lastReturn = System.nanoTime();
        }
    }
}
