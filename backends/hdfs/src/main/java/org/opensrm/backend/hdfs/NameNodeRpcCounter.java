package org.opensrm.backend.hdfs;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;

/**
 * Counts the RPCs the NameNode served, per method, from its own per-method RPC metrics
 * ({@code RpcDetailedActivityForPort<port>}, read directly from the source, not through the JMX cache). DataNode
 * traffic (heartbeats, block reports) is left out so the counts are those of the clients. Works for a NameNode
 * running in this JVM ({@link DevHdfsCluster}); tests and the listing benchmark use it to count calls per listing.
 */
public final class NameNodeRpcCounter {
    private static final Set<String> DATANODE_METHODS = Set.of("SendHeartbeat", "BlockReceivedAndDeleted",
            "BlockReport", "CacheReport", "RegisterDatanode", "VersionRequest", "ErrorReport", "SendLifeline",
            "CommitBlockSynchronization");

    private final MetricsSource source;

    public NameNodeRpcCounter(int nameNodePort) {
        this.source = DefaultMetricsSystem.instance().getSource("RpcDetailedActivityForPort" + nameNodePort);
        if (source == null) {
            throw new IllegalStateException("no RPC metrics for port " + nameNodePort);
        }
    }

    /**
     * Calls served so far, per method (e.g. {@code GetListing}), client methods only. The NameNode counts a call
     * just after answering it, so this waits until two readings 50 ms apart agree (at most 2 s).
     */
    public Map<String, Long> snapshot() throws InterruptedException {
        Map<String, Long> last = read();
        for (int i = 0; i < 40; i++) {
            Thread.sleep(50);
            Map<String, Long> now = read();
            if (now.equals(last)) {
                return now;
            }
            last = now;
        }
        return last;
    }

    private Map<String, Long> read() {
        MetricsCollectorImpl collector = new MetricsCollectorImpl();
        source.getMetrics(collector, true);
        Map<String, Long> counts = new HashMap<>();
        for (MetricsRecord r : collector.getRecords()) {
            for (AbstractMetric m : r.metrics()) {
                String n = m.name();
                if (n.endsWith("NumOps") && !n.startsWith("Overall")) { // Overall*: the same calls, aggregated
                    String method = n.substring(0, n.length() - "NumOps".length());
                    if (!DATANODE_METHODS.contains(method)) {
                        counts.merge(method, m.value().longValue(), Long::sum);
                    }
                }
            }
        }
        return counts;
    }

    /** Calls per method between two snapshots, only methods that were called. */
    public static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> d = new TreeMap<>();
        after.forEach((k, v) -> {
            long n = v - before.getOrDefault(k, 0L);
            if (n != 0) {
                d.put(k, n);
            }
        });
        return d;
    }

    public static long total(Map<String, Long> delta) {
        return delta.values().stream().mapToLong(Long::longValue).sum();
    }
}
