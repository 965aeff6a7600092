package org.opensrm.core.service;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;

/**
 * The journal of uploads kept where several frontends see it (the PostgreSQL store they share), so that a put in
 * progress through one frontend makes its target {@code SRM_FILE_BUSY} through every other, and an upload any of them
 * journaled is removed by whichever sweeps after its put expired. {@link UploadJanitor} keeps its own file journal
 * when it has none. Every failure of the store is an {@link SrmException} ({@code SRM_INTERNAL_ERROR}).
 */
public interface UploadJournal {

    /**
     * One upload: of an open put to {@code target}, or (no target) an aborted put's tombstone; removed after
     * {@code expires} unless finished.
     */
    record Entry(Account account, Optional<SrmPath> target, SrmPath upload, Instant expires) {
    }

    /** Keeps {@code entry}, replacing what was kept for its upload. */
    void put(Entry entry) throws SrmException;

    /** Forgets the upload (finished, or removed). */
    void remove(SrmPath upload) throws SrmException;

    /** What is kept for {@code upload}. */
    Optional<Entry> get(SrmPath upload) throws SrmException;

    /** The open upload to {@code target} expiring last, if one expires after {@code now}. */
    Optional<Entry> openTo(SrmPath target, Instant now) throws SrmException;

    /**
     * Whether an open upload expiring after {@code now} has its target directly in {@code directory} (or, with
     * {@code below}, anywhere below it).
     */
    boolean openInto(SrmPath directory, boolean below, Instant now) throws SrmException;

    /** Up to {@code limit} uploads whose put expired at {@code now}. */
    List<Entry> expired(Instant now, int limit) throws SrmException;

    /** How many uploads are kept. */
    int size() throws SrmException;
}
