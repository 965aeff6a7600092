package org.opensrm.core.service;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/**
 * An upload journal in memory that refuses to keep an upload to a target whose name contains a given word, as a
 * journal whose disk filled up between two of a request's files would: for the failure of a put part-way.
 */
final class RefusingUploadJournal implements UploadJournal {
    private final String refused;
    private final Map<SrmPath, Entry> entries = new ConcurrentHashMap<>();

    RefusingUploadJournal(String refused) {
        this.refused = refused;
    }

    @Override
    public void put(Entry entry) throws SrmException {
        if (entry.target().map(t -> t.toString().contains(refused)).orElse(false)) {
            throw new SrmException(SrmStatus.SRM_INTERNAL_ERROR, "the journal cannot keep " + entry.target().get());
        }
        entries.put(entry.upload(), entry);
    }

    @Override
    public void remove(SrmPath upload) {
        entries.remove(upload);
    }

    @Override
    public Optional<Entry> get(SrmPath upload) {
        return Optional.ofNullable(entries.get(upload));
    }

    @Override
    public Optional<Entry> openTo(SrmPath target, Instant now) {
        return entries.values().stream().filter(e -> e.target().equals(Optional.of(target)))
                .filter(e -> e.expires().isAfter(now)).max(Comparator.comparing(Entry::expires));
    }

    @Override
    public boolean openInto(SrmPath directory, boolean below, Instant now) {
        String prefix = directory.toString().endsWith("/") ? directory.toString() : directory + "/";
        return entries.values().stream().filter(e -> e.expires().isAfter(now)).flatMap(e -> e.target().stream())
                .map(SrmPath::toString).anyMatch(t -> t.startsWith(prefix)
                        && (below || t.indexOf('/', prefix.length()) < 0));
    }

    @Override
    public List<Entry> expired(Instant now, int limit) {
        return entries.values().stream().filter(e -> !e.expires().isAfter(now)).limit(limit).toList();
    }

    @Override
    public int size() {
        return entries.size();
    }
}
