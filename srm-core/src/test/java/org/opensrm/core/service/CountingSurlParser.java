package org.opensrm.core.service;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;

/** The parser the server uses, counting every SURL it reads: what proves that a request's SURL is read once. */
public final class CountingSurlParser extends SurlParser {
    private final AtomicInteger reads = new AtomicInteger();

    public CountingSurlParser(List<String> hosts) {
        super(hosts);
    }

    @Override
    public SrmPath parse(String surl) throws SrmException {
        reads.incrementAndGet();
        return super.parse(surl);
    }

    /** The SURLs read since this parser was made. */
    public int reads() {
        return reads.get();
    }
}
