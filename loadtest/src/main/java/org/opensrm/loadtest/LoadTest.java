package org.opensrm.loadtest;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import org.opensrm.loadtest.internal.HttpgConnector;
import org.opensrm.loadtest.internal.LevelRunner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One load-test run: for every target SURL, ramps through the concurrency levels, one measured level at a time.
 */
public final class LoadTest {
    private static final Logger LOG = LoggerFactory.getLogger(LoadTest.class);
    private final LoadTestConfig config;
    private final ProgressListener listener;

    public LoadTest(LoadTestConfig config, ProgressListener listener) {
        this.config = config;
        this.listener = listener;
    }

    /**
     * Runs every level and returns their results in run order.
     *
     * @throws IOException              when the proxy file or CA directory cannot be read
     * @throws GeneralSecurityException when they hold unusable keys or certificates
     */
    public List<LevelResult> run() throws IOException, GeneralSecurityException, InterruptedException {
        HttpgConnector connector = HttpgConnector.fromConfig(config);
        byte[] id = new byte[3];
        new SecureRandom().nextBytes(id);
        String runId = HexFormat.of().formatHex(id);
        if (config.tlsWarmup() > 0) {
            warmTls(connector, config.tlsWarmup());
        }
        LevelRunner runner = new LevelRunner(config, connector, listener, runId);
        List<LevelResult> results = new ArrayList<>();
        LOG.info("run {}: {} against {} ({} connections), levels {}", runId, config.operation().label(),
                config.endpoint(), config.connectionMode().label(), config.concurrencyLevels());
        for (TargetSurl target : config.targets()) {
            for (int concurrency : config.concurrencyLevels()) {
                if (!results.isEmpty() && !config.pauseBetweenLevels().isZero()) {
                    Thread.sleep(config.pauseBetweenLevels().toMillis());
                }
                results.add(runner.run(target, concurrency));
            }
        }
        return results;
    }

    /** {@link LoadTestConfig#tlsWarmup()}: full handshakes on two threads, failures counted and logged, not fatal. */
    private static void warmTls(HttpgConnector connector, int handshakes) throws InterruptedException {
        java.util.concurrent.atomic.AtomicInteger left = new java.util.concurrent.atomic.AtomicInteger(handshakes);
        java.util.concurrent.atomic.AtomicInteger failed = new java.util.concurrent.atomic.AtomicInteger();
        long start = System.nanoTime();
        Runnable work = () -> {
            while (left.getAndDecrement() > 0) {
                try {
                    connector.open().close();
                } catch (IOException e) {
                    failed.incrementAndGet();
                }
            }
        };
        Thread[] threads = {new Thread(work, "srm-tls-warmup-1"), new Thread(work, "srm-tls-warmup-2")};
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        LOG.info("TLS warm-up: {} handshakes in {} s, {} failed", handshakes,
                String.format(java.util.Locale.ROOT, "%.1f", (System.nanoTime() - start) / 1e9), failed.get());
    }
}
