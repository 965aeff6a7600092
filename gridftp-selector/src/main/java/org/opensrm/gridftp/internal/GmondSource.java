package org.opensrm.gridftp.internal;

import java.io.StringReader;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.LoadSample;
import org.opensrm.gridftp.LoadSource;
import org.opensrm.gridftp.ProbeException;

/**
 * Load figures from Ganglia gmond's XML dump (connect to {@code host:8649}, read until it closes). The door's
 * {@code HOST} element is the one whose {@code NAME} or {@code IP} is the door's host, else the only one.
 * Metrics read: {@code load_one} / {@code cpu_num}, {@code bytes_in} + {@code bytes_out} (bytes/s), and,
 * when published with gmetric, {@code gridftp_sessions} and {@code gridftp_sessions_max}. The dump's DTD is never
 * loaded and no entity is expanded.
 */
public final class GmondSource implements LoadSource {
    private final Function<GridFtpNode, List<String>> endpoints;
    private final BoundedRead read;
    private final XMLInputFactory xml;

    public GmondSource(Function<GridFtpNode, List<String>> endpoints, int maxAnswerBytes) {
        this.endpoints = endpoints;
        this.read = new BoundedRead(maxAnswerBytes);
        this.xml = XMLInputFactory.newFactory();
        xml.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        xml.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    }

    @Override
    public LoadSample sample(GridFtpNode door, Duration timeout) throws ProbeException {
        String endpoint = endpoints.apply(door).get(0);
        int colon = endpoint.lastIndexOf(':');
        String text = read.dump(endpoint.substring(0, colon), Integer.parseInt(endpoint.substring(colon + 1)), timeout);
        Map<String, Double> m = metricsOf(door.host(), text, endpoint);
        double cpuNum = m.getOrDefault("cpu_num", Double.NaN);
        double load = m.getOrDefault("load_one", Double.NaN);
        double in = m.getOrDefault("bytes_in", Double.NaN);
        double out = m.getOrDefault("bytes_out", Double.NaN);
        double bytes = Double.isNaN(in) && Double.isNaN(out) ? Double.NaN
                : (Double.isNaN(in) ? 0 : in) + (Double.isNaN(out) ? 0 : out);
        double cpu = Double.isNaN(load) ? Double.NaN : load / (cpuNum > 0 ? cpuNum : 1);
        LoadSample s = new LoadSample(m.getOrDefault("gridftp_sessions", Double.NaN),
                m.getOrDefault("gridftp_sessions_max", Double.NaN), bytes, Double.NaN, cpu).checked();
        if (!s.hasFigures()) {
            throw new ProbeException("no load figures for " + door.host() + " in the gmond dump of " + endpoint);
        }
        return s;
    }

    private Map<String, Double> metricsOf(String host, String text, String endpoint) throws ProbeException {
        Map<String, Map<String, Double>> hosts = new HashMap<>();
        Map<String, String> ips = new HashMap<>();
        try {
            XMLStreamReader r = xml.createXMLStreamReader(new StringReader(text));
            Map<String, Double> current = null;
            boolean sawRoot = false;
            while (r.hasNext()) {
                if (r.next() != XMLStreamConstants.START_ELEMENT) {
                    continue;
                }
                String el = r.getLocalName();
                if (el.equals("GANGLIA_XML")) {
                    sawRoot = true;
                } else if (el.equals("HOST")) {
                    String name = String.valueOf(r.getAttributeValue(null, "NAME")).toLowerCase(Locale.ROOT);
                    current = hosts.computeIfAbsent(name, k -> new HashMap<>());
                    ips.put(String.valueOf(r.getAttributeValue(null, "IP")), name);
                } else if (el.equals("METRIC") && current != null) {
                    String name = r.getAttributeValue(null, "NAME");
                    String val = r.getAttributeValue(null, "VAL");
                    if (name != null && val != null) {
                        current.put(name, number(name, val));
                    }
                }
            }
            if (!sawRoot) {
                throw new ProbeException(endpoint + " answered XML that is not a gmond dump");
            }
        } catch (XMLStreamException e) {
            throw new ProbeException(endpoint + " answered no well-formed XML: " + e.getMessage().lines().findFirst().orElse(""));
        }
        Map<String, Double> mine = hosts.get(host.toLowerCase(Locale.ROOT));
        if (mine == null && ips.containsKey(host)) {
            mine = hosts.get(ips.get(host));
        }
        if (mine == null && hosts.size() == 1) {
            mine = hosts.values().iterator().next();
        }
        if (mine == null) {
            throw new ProbeException("the gmond dump of " + endpoint + " has no HOST " + host);
        }
        return mine;
    }

    private static double number(String name, String val) throws XMLStreamException {
        try {
            return Double.parseDouble(val.trim());
        } catch (NumberFormatException e) {
            return Double.NaN; // string metrics (os_name...) are not ours; ours are checked by hasFigures
        }
    }
}
