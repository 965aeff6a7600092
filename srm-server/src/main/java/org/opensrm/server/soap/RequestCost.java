package org.opensrm.server.soap;

/**
 * What one SRM call may hold in memory while it is in progress, estimated before it is decoded, for the memory
 * budget of admission control ({@code srm.requests.memory.max}). The estimate has two parts, taken at two moments:
 * <ul>
 * <li>before the body is read, {@value #BODY_FACTOR} times its declared length (or the largest body accepted when
 * it is sent chunked): the body itself, its Axis-normalised copy, and its decoded form (strings and generated
 * objects, about as large again as the XML they came from);</li>
 * <li>for a SOAP-encoded body (Axis 1 clients), which is rewritten through a DOM before it is read, another
 * {@value #REWRITING_FACTOR} times its length: the DOM (measured: 3.4 times the body for 200,000 SURLs) and the
 * rewritten body;</li>
 * <li>once the body is scanned, {@value #ENTRY_BYTES} bytes for every entry its answer may hold: one per array item
 * of the request (a SURL's status, a TURL, a path detail), and for srmLs one client page of a listing, at most
 * {@value #LISTING_SHARE} entries. Listings longer than that (a site raising {@code ls.max.entries} to 20,000) are
 * bounded by the listing slots, not by this budget: at most {@code srm.ls.active.max} calls list at once. Charging
 * every srmLs the longest listing instead made a server with {@code ls.max.entries=20000} answer busy at five
 * listings of a 10-entry directory (measured with benchmarks/run-scalability keepalive). Measured: an srmLs answer
 * of 200,000 missing SURLs is 163 MB of XML plus its objects, 0.8 KB and 1.2 KB an entry; a full-detail entry of a
 * listing is 1.1 KB of XML.</li>
 * </ul>
 * It is an estimate: it keeps many large calls from being held at once, which is what ends a process; it does
 * not count every byte.
 */
final class RequestCost {
    static final int BODY_FACTOR = 3;
    static final int REWRITING_FACTOR = 5;
    static final int ENTRY_BYTES = 2048;
    /** The most listing entries an srmLs is charged for: one page as gfal2 asks for it. */
    static final int LISTING_SHARE = 1000;

    private final long listingEntries;

    /** @param listingEntries the most entries one srmLs listing answers */
    RequestCost(int listingEntries) {
        this.listingEntries = Math.min(listingEntries, LISTING_SHARE);
    }

    /** The part known before the body is read. */
    static long ofBody(long bodyBytes) {
        return BODY_FACTOR * bodyBytes;
    }

    /** The part a SOAP-encoded body adds while it is rewritten ({@link AxisEncodingNormalizer}). */
    static long ofRewriting(long bodyBytes) {
        return REWRITING_FACTOR * bodyBytes;
    }

    /** The part known once the body is scanned: its answer. */
    long ofAnswer(String operation, int items) {
        return ENTRY_BYTES * (items + ("srmLs".equals(operation) ? listingEntries : 0));
    }
}
