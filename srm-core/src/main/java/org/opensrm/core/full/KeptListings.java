package org.opensrm.core.full;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.opensrm.core.RequestToken;
import org.opensrm.core.service.PathDetail;

/**
 * The entries of finished asynchronous listings, kept in memory for srmStatusOfLsRequest: at most
 * {@code maxEntries} entries in all (every listed path counts, at every level), the least recently asked for
 * dropped first. A listing larger than the whole bound is not kept. What is not kept is listed again.
 */
final class KeptListings {
    private final int maxEntries;
    private final LinkedHashMap<RequestToken, PathDetail[]> listings = new LinkedHashMap<>(16, 0.75f, true);
    private long entries;

    KeptListings(int maxEntries) {
        this.maxEntries = maxEntries;
    }

    /** The kept details of a request's SURLs, by index; null where none is kept. */
    synchronized PathDetail[] get(RequestToken token, int files) {
        PathDetail[] kept = listings.get(token);
        return kept == null ? new PathDetail[files] : kept.clone();
    }

    synchronized void keep(RequestToken token, int files, int index, PathDetail d) {
        long size = count(List.of(d));
        if (size > maxEntries) {
            return;
        }
        PathDetail[] kept = listings.computeIfAbsent(token, t -> new PathDetail[files]);
        entries += size - (kept[index] == null ? 0 : count(List.of(kept[index])));
        kept[index] = d;
        for (Iterator<Map.Entry<RequestToken, PathDetail[]>> it = listings.entrySet().iterator();
             entries > maxEntries && it.hasNext(); ) {
            Map.Entry<RequestToken, PathDetail[]> eldest = it.next();
            if (eldest.getKey().equals(token)) {
                continue;
            }
            for (PathDetail p : eldest.getValue()) {
                entries -= p == null ? 0 : count(List.of(p));
            }
            it.remove();
        }
    }

    synchronized long entries() {
        return entries;
    }

    private static long count(List<PathDetail> details) {
        long n = 0;
        for (PathDetail d : details) {
            n += 1 + count(d.children());
        }
        return n;
    }
}
