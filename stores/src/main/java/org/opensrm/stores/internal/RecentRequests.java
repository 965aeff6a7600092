package org.opensrm.stores.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.opensrm.core.Request;
import org.opensrm.core.RequestToken;

/**
 * The embedded store's most recently written requests, exactly as committed, so that the reads of a get cycle (its
 * status, srmReleaseFiles' owner check, the update's read of the request it changes) need no SQL. The embedded
 * store is one process with one writer thread ({@link GroupCommitWriter}), which alone changes what is kept here:
 * a write records its result as its last step ({@link #written}, {@link #purged}), that stays pending until the
 * writer hears that its batch committed ({@link #committed}) and is dropped if it did not ({@link #rolledBack});
 * readers only look ({@link #lastCommitted}), so a reader can never put back a row older than the last commit.
 * A read that races a commit may see the request as before that commit, as a read that began just before it would;
 * the caller whose write it is returns only after the writer applied it here.
 *
 * <p>Bounded by file requests ({@code limit}): each request counts one plus its files, the least recently
 * written go first, a request larger than the whole bound is not kept. A bound of 0 keeps nothing (the store over
 * PostgreSQL, whose rows other frontends change, must always read them).
 */
public final class RecentRequests implements Database.CommitListener {
    /** The embedded store's bound: file requests kept (a single-file request is about 1 KiB on the heap). */
    public static final int EMBEDDED_LIMIT = 16_384;

    private final int limit;
    private final Map<RequestToken, Request> committed = new ConcurrentHashMap<>();
    /** The writer's thread only from here on. */
    private final Map<RequestToken, Integer> weights = new LinkedHashMap<>();
    /** Written in the open batch, in the order last written. */
    private final Map<RequestToken, Request> pending = new LinkedHashMap<>();
    private long weight;
    /** A purge ran in the open batch: what was kept before it may be deleted. */
    private boolean purgedInBatch;

    public RecentRequests(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit " + limit + " < 0");
        }
        this.limit = limit;
    }

    /** Keeps nothing: every read goes to the database. */
    public static RecentRequests none() {
        return new RecentRequests(0);
    }

    /** The request as last committed, if it is kept; any thread. */
    Request lastCommitted(RequestToken token) {
        return committed.get(token);
    }

    /** The request as the open batch sees it, if known here (the writer's thread, in a write). */
    Request inTransaction(RequestToken token) {
        Request r = pending.get(token);
        if (r != null || purgedInBatch) {
            return r;
        }
        return committed.get(token);
    }

    /** {@code r} is what a write of the open batch stored; its last step (the writer's thread). */
    void written(Request r) {
        if (limit == 0) {
            return;
        }
        pending.remove(r.token());
        pending.put(r.token(), r);
    }

    /** A write of the open batch deleted finished requests; its last step (the writer's thread). */
    void purged() {
        if (limit == 0) {
            return;
        }
        pending.clear();
        purgedInBatch = true;
    }

    @Override
    public void committed() {
        if (purgedInBatch) {
            forgetAll();
        }
        for (Request r : pending.values()) {
            keep(r);
        }
        endBatch();
    }

    @Override
    public void rolledBack() {
        forgetAll();
        endBatch();
    }

    /** How many requests are kept (tests). */
    int size() {
        return committed.size();
    }

    /** Keeps {@code r} as the most recently written, in place of what was kept of it (replaced at once). */
    private void keep(Request r) {
        RequestToken token = r.token();
        Integer before = weights.remove(token);
        if (before != null) {
            weight -= before;
        }
        int w = 1 + r.files().size();
        if (w > limit) {
            committed.remove(token);
            return;
        }
        committed.put(token, r);
        weights.put(token, w);
        weight += w;
        var eldest = weights.entrySet().iterator();
        while (weight > limit) {
            var e = eldest.next();
            committed.remove(e.getKey());
            weight -= e.getValue();
            eldest.remove();
        }
    }

    private void forgetAll() {
        committed.clear();
        weights.clear();
        weight = 0;
    }

    private void endBatch() {
        pending.clear();
        purgedInBatch = false;
    }
}
