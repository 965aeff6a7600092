package org.opensrm.benchmarks;

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
 * The NameNode's own count of the RPCs it served, per method, read from its per-method RPC metrics source
 * ({@code RpcDetailedActivityForPort<port>}) in this JVM. Calls made by the DataNode (heartbeats, block
 * reports) are left out, so what remains is what clients — here: the SRM servers — asked.
 */
final class NameNodeCalls {
    private static final Set<String> DATANODE_METHODS = Set.of("SendHeartbeat", "BlockReceivedAndDeleted",
            "BlockReport", "CacheReport", "RegisterDatanode", "VersionRequest", "ErrorReport", "SendLifeline",
            "CommitBlockSynchronization");

    private final MetricsSource source;

    NameNodeCalls(int nameNodePort) {
        source = DefaultMetricsSystem.instance().getSource("RpcDetailedActivityForPort" + nameNodePort);
        if (source == null) {
            throw new IllegalStateException("the NameNode on port " + nameNodePort + " publishes no RPC metrics");
        }
    }

    /**
     * Client calls served so far, per method. The NameNode counts a call just after answering it, so this reads
     * until two readings 50 ms apart agree (at most 2 s).
     */
    Map<String, Long> snapshot() throws InterruptedException {
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
                if (n.endsWith("NumOps") && !n.startsWith("Overall")) {
                    String method = n.substring(0, n.length() - "NumOps".length());
                    if (!DATANODE_METHODS.contains(method)) {
                        counts.merge(method, m.value().longValue(), Long::sum);
                    }
                }
            }
        }
        return counts;
    }

    /** Calls per method between two snapshots (methods not called left out), sorted by name. */
    static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> d = new TreeMap<>();
        after.forEach((k, v) -> {
            long n = v - before.getOrDefault(k, 0L);
            if (n != 0) {
                d.put(k, n);
            }
        });
        return d;
    }
}
