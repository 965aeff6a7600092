package org.opensrm.gridftp.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.LoadSample;
import org.opensrm.gridftp.LoadSource;
import org.opensrm.gridftp.ProbeException;

/**
 * Load figures from the Prometheus text format, merged over a door's endpoints. Understands the OpenSRM GridFTP
 * agent ({@code gridftp_sessions}, {@code gridftp_sessions_max}, {@code gridftp_transfer_bytes_per_second},
 * {@code gridftp_link_bytes_per_second}, {@code gridftp_host_load1}, {@code gridftp_host_cpus}) and
 * prometheus-node-exporter ({@code node_load1} over the count of {@code node_cpu_seconds_total{mode="idle"}} cpus;
 * the rate of {@code node_network_receive/transmit_bytes_total} between two probes, loopback left out; the sum of
 * {@code node_network_speed_bytes}). The agent's figure wins where both report one.
 */
public final class PrometheusSource implements LoadSource {
    private final Function<GridFtpNode, List<String>> endpoints;
    private final BoundedRead read;
    private final Map<GridFtpNode, Counter> lastNetwork = new ConcurrentHashMap<>();

    private record Counter(double bytes, long nanos) {
    }

    public PrometheusSource(Function<GridFtpNode, List<String>> endpoints, int maxAnswerBytes) {
        this.endpoints = endpoints;
        this.read = new BoundedRead(maxAnswerBytes);
    }

    @Override
    public LoadSample sample(GridFtpNode door, Duration timeout) throws ProbeException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<PrometheusText.Sample> all = new ArrayList<>();
        for (String url : endpoints.apply(door)) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new ProbeException(url + " not asked: probe deadline passed");
            }
            all.addAll(PrometheusText.parse(read.httpGet(url, Duration.ofNanos(left))));
        }
        LoadSample s = figures(door, all).checked();
        if (!s.hasFigures()) {
            throw new ProbeException("no load figures in the answer of " + endpoints.apply(door));
        }
        return s;
    }

    private LoadSample figures(GridFtpNode door, List<PrometheusText.Sample> all) throws ProbeException {
        double sessions = sum(all, "gridftp_sessions");
        double sessionsMax = sum(all, "gridftp_sessions_max");
        double bytes = sum(all, "gridftp_transfer_bytes_per_second");
        if (Double.isNaN(bytes)) {
            bytes = networkRate(door, all);
        }
        double link = sum(all, "gridftp_link_bytes_per_second");
        if (Double.isNaN(link)) {
            link = sumNotLoopback(all, "node_network_speed_bytes");
            link = link > 0 ? link : Double.NaN;
        }
        double cpu = ratio(sum(all, "gridftp_host_load1"), sum(all, "gridftp_host_cpus"));
        if (Double.isNaN(cpu)) {
            double load = sum(all, "node_load1");
            cpu = Double.isNaN(load) ? Double.NaN : ratio(load, Math.max(1, idleCpus(all)));
        }
        return new LoadSample(sessions, sessionsMax, bytes, link, cpu);
    }

    private double networkRate(GridFtpNode door, List<PrometheusText.Sample> all) throws ProbeException {
        double rx = sumNotLoopback(all, "node_network_receive_bytes_total");
        double tx = sumNotLoopback(all, "node_network_transmit_bytes_total");
        if (Double.isNaN(rx) && Double.isNaN(tx)) {
            return Double.NaN;
        }
        double total = (Double.isNaN(rx) ? 0 : rx) + (Double.isNaN(tx) ? 0 : tx);
        long now = System.nanoTime();
        Counter before = lastNetwork.put(door, new Counter(total, now));
        if (before == null || now == before.nanos()) {
            return Double.NaN;
        }
        if (total < before.bytes()) {
            return Double.NaN; // counter reset (exporter or host restarted): no rate this round
        }
        return (total - before.bytes()) / ((now - before.nanos()) / 1e9);
    }

    private static double sum(List<PrometheusText.Sample> all, String name) {
        double s = Double.NaN;
        for (PrometheusText.Sample x : all) {
            if (x.name().equals(name) && !Double.isNaN(x.value())) {
                s = (Double.isNaN(s) ? 0 : s) + x.value();
            }
        }
        return s;
    }

    private static double sumNotLoopback(List<PrometheusText.Sample> all, String name) {
        double s = Double.NaN;
        for (PrometheusText.Sample x : all) {
            if (x.name().equals(name) && !"lo".equals(x.labels().get("device")) && !Double.isNaN(x.value())) {
                s = (Double.isNaN(s) ? 0 : s) + x.value();
            }
        }
        return s;
    }

    private static int idleCpus(List<PrometheusText.Sample> all) {
        Set<String> cpus = new HashSet<>();
        for (PrometheusText.Sample x : all) {
            if (x.name().equals("node_cpu_seconds_total") && "idle".equals(x.labels().get("mode"))) {
                cpus.add(x.labels().getOrDefault("cpu", ""));
            }
        }
        return cpus.size();
    }

    private static double ratio(double a, double b) {
        return Double.isNaN(a) || Double.isNaN(b) || b <= 0 ? Double.NaN : a / b;
    }
}
