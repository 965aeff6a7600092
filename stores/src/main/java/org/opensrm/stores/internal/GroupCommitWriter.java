package org.opensrm.stores.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.opensrm.common.SrmException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded store's one writer: a thread that takes every write waiting at the time and runs them in one
 * transaction, each in its own savepoint (a write that fails is rolled back alone; the others commit). A caller
 * returns once the transaction holding its write committed. Writes queued while a transaction runs go into the
 * next one, so under load many writes share a commit and the pages they touch are written once.
 *
 * <p>Commits seldom wait for the disk: the WAL is checkpointed by a thread of this writer, every
 * {@link #CHECKPOINT_EVERY_MS} ms on a connection of its own, beside the writes, rather than by the commit that
 * fills a thousand pages (SQLite's default, which makes one commit in a few hundred pay two fsyncs). A commit
 * still checkpoints when the WAL reaches {@link #WAL_LIMIT_PAGES} pages, which bounds the WAL when writes outrun
 * the checkpoint thread. No transaction stays open between batches, so the WAL restarts from its beginning once
 * it has been checkpointed.
 *
 * <p>A caller waits at most {@code waitMillis}; a write that has not started by then is dropped and the caller
 * gets {@code SRM_INTERNAL_ERROR}; one that has started is waited for (it is short).
 *
 * <p>The {@link Database.CommitListener} hears, in this thread and before any caller of the batch returns, whether
 * each batch committed or was rolled back as a whole (what {@link RecentRequests} keeps in step with the database).
 */
final class GroupCommitWriter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GroupCommitWriter.class);
    /** Most writes in one transaction. */
    static final int MAX_BATCH = 256;

    static final long CHECKPOINT_EVERY_MS = 1000;
    /** WAL pages (4 KiB) at which a commit checkpoints itself. */
    static final int WAL_LIMIT_PAGES = 8192;

    private static final int WAITING = 0;
    private static final int RUNNING = 1;
    private static final int DROPPED = 2;

    private final Connection connection;
    private final StatementCache cache;
    private final Database.CommitListener listener;
    private final long waitMillis;
    private final BlockingQueue<Task<?>> queue = new LinkedBlockingQueue<>();
    private final Connection checkpointConnection;
    private final Thread thread;
    private final Thread checkpointer;
    private volatile boolean closed;

    GroupCommitWriter(String name, Connection connection, Connection checkpointConnection, long waitMillis,
                      Database.CommitListener listener) throws SQLException {
        this.connection = connection;
        this.cache = new StatementCache(connection);
        this.listener = listener;
        this.checkpointConnection = checkpointConnection;
        this.waitMillis = waitMillis;
        try (Statement s = connection.createStatement()) {
            s.execute("PRAGMA wal_autocheckpoint = " + WAL_LIMIT_PAGES);
            // when the WAL restarts, a file that grew past this is cut back to it
            s.execute("PRAGMA journal_size_limit = " + WAL_LIMIT_PAGES * 4096L);
        }
        this.thread = new Thread(this::loop, "srm-store-writer " + name);
        thread.setDaemon(true);
        this.checkpointer = new Thread(this::checkpoints, "srm-store-checkpoint " + name);
        checkpointer.setDaemon(true);
        thread.start();
        checkpointer.start();
    }

    <T> T write(Database.Work<T> work) throws SrmException, SQLException {
        if (closed) {
            throw new SQLException("request store closed");
        }
        Task<T> task = new Task<>(work);
        queue.add(task);
        try {
            if (!task.done.await(waitMillis, TimeUnit.MILLISECONDS)) {
                if (task.state.compareAndSet(WAITING, DROPPED)) {
                    throw new SQLException("no turn to write within " + waitMillis + " ms");
                }
                awaitUninterruptibly(task.done);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (task.state.compareAndSet(WAITING, DROPPED)) {
                throw new SQLException("interrupted while waiting to write", e);
            }
            awaitUninterruptibly(task.done);
        }
        return task.outcome();
    }

    /** Writes waiting for their turn. */
    int queued() {
        return queue.size();
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void loop() {
        List<Task<?>> batch = new ArrayList<>(MAX_BATCH);
        while (!closed) {
            try {
                Task<?> first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, MAX_BATCH - 1);
                runBatch(batch);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } finally {
                batch.forEach(Task::finish);
                batch.clear();
            }
        }
    }

    private void checkpoints() {
        while (!closed) {
            try {
                Thread.sleep(CHECKPOINT_EVERY_MS);
                try (Statement s = checkpointConnection.createStatement()) {
                    s.execute("PRAGMA wal_checkpoint(PASSIVE)");
                }
            } catch (InterruptedException e) {
                return;
            } catch (SQLException e) {
                LOG.warn("request store checkpoint failed: {}", e.toString());
            }
        }
    }

    private void runBatch(List<Task<?>> batch) {
        List<Task<?>> started = new ArrayList<>(batch.size());
        Connection c = cache.connection();
        try {
            execute(c, "BEGIN IMMEDIATE");
            for (Task<?> task : batch) {
                if (task.state.compareAndSet(WAITING, RUNNING)) {
                    started.add(task);
                    task.runIn(c);
                }
            }
            execute(c, "COMMIT");
            listener.committed();
            if (started.stream().anyMatch(t -> t.failure != null)) {
                cache.clear();
            }
        } catch (SQLException e) {
            for (Task<?> task : started) {
                task.fail(e);
            }
            cache.clear();
            rollbackQuietly();
            listener.rolledBack();
        }
    }

    /**
     * Runs one of the transaction's own statements (BEGIN, SAVEPOINT, RELEASE, ROLLBACK TO, COMMIT) on the
     * statement cache's connection, so that it is compiled once and kept like the writes' statements, and dropped
     * with them after a failure.
     */
    private static void execute(Connection cached, String sql) throws SQLException {
        try (PreparedStatement s = cached.prepareStatement(sql)) {
            s.execute();
        }
    }

    private void rollbackQuietly() {
        try (Statement sql = connection.createStatement()) {
            sql.execute("ROLLBACK");
        } catch (SQLException ignored) {
            // no transaction was open
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        checkpointer.interrupt();
        try {
            thread.join(10_000);
            checkpointer.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Task<?> t = queue.poll(); t != null; t = queue.poll()) {
            t.fail(new SQLException("request store closed"));
            t.finish();
        }
        try (StatementCache statements = cache; Connection writer = connection;
             Connection checkpoint = checkpointConnection) {
            LOG.debug("request store writer closed");
        } catch (SQLException e) {
            LOG.warn("request store did not close cleanly: {}", e.toString());
        }
    }

    /** One caller's write and what came of it. */
    private static final class Task<T> {
        final Database.Work<T> work;
        final AtomicInteger state = new AtomicInteger(WAITING);
        final CountDownLatch done = new CountDownLatch(1);
        T result;
        Exception failure;
        boolean completed;

        Task(Database.Work<T> work) {
            this.work = work;
        }

        /** Runs the write in a savepoint of the open transaction; a failing write rolls back to it. */
        void runIn(Connection c) throws SQLException {
            execute(c, "SAVEPOINT w");
            try {
                result = work.run(c);
            } catch (SQLException | SrmException | RuntimeException e) {
                failure = e;
                execute(c, "ROLLBACK TO w");
            } finally {
                completed = true;
            }
            execute(c, "RELEASE w");
        }

        void fail(Exception e) {
            result = null;
            failure = e;
            completed = true;
        }

        void finish() {
            done.countDown();
        }

        T outcome() throws SrmException, SQLException {
            if (failure instanceof SrmException e) {
                throw e;
            }
            if (failure instanceof SQLException e) {
                throw e;
            }
            if (failure instanceof RuntimeException e) {
                throw e;
            }
            if (!completed) {
                throw new SQLException("the write did not complete");
            }
            return result;
        }
    }
}
