package org.opensrm.server.soap;

/**
 * What the SOAP edge accepts in one request.
 *
 * @param maxBodyBytes   the largest body ({@code srm.request.max.bytes}); larger ones get HTTP 413
 * @param maxItems       the most array items (SURLs, file requests, ...) in one request
 *                       ({@code srm.request.max.items}); more are answered {@code SRM_INVALID_REQUEST} undecoded
 * @param listingEntries the most entries one srmLs listing answers ({@code max(ls.max.entries, 1000)}), for the
 *                       memory estimate of a call ({@link RequestCost})
 */
public record RequestLimits(int maxBodyBytes, int maxItems, int listingEntries) {
    public RequestLimits {
        if (maxBodyBytes < 1 || maxItems < 1 || listingEntries < 0) {
            throw new IllegalArgumentException("request limits must be positive");
        }
    }
}
