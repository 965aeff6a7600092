package org.opensrm.gridftp.internal;

import java.io.ByteArrayInputStream;
import java.util.Locale;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.opensrm.gridftp.ProbeException;

/**
 * The figures of one XRootD summary report that the load figure needs: one UDP datagram holding
 * {@code <statistics tod=".." tos=".." src="host:port" pgm="xrootd" ...>} with, among other {@code <stats id="..">}
 * sections, {@code <stats id="link">} ({@code num} live connections, {@code in} / {@code out} bytes received / sent
 * since the server started). The port is the {@code src} attribute's, else {@code <stats id="info"><port>}. Other
 * sections are skipped; the DTD is never loaded and no entity expanded.
 *
 * @param host     the host the server calls itself ({@code src}), lower case
 * @param port     the port the server listens on
 * @param tod      when the report was made (epoch seconds)
 * @param tos      when the server started (epoch seconds); a new value means counters started again
 * @param program  {@code xrootd} or {@code cmsd}
 * @param links    live connections ({@code link/num})
 * @param bytes    bytes received plus bytes sent since the server started ({@code link/in + link/out})
 */
public record XrootdSummary(String host, int port, long tod, long tos, String program, long links, long bytes) {
    private static final XMLInputFactory XML = xmlFactory();

    private static XMLInputFactory xmlFactory() {
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        return f;
    }

    /** The host:port the report names, as written in logs. */
    public String source() {
        return host + ":" + port;
    }

    /**
     * Parses one datagram.
     *
     * @throws ProbeException when it is not a summary report, or one without its {@code link} section (the door's
     *                        {@code xrd.report} must name {@code all} or {@code link}), or with a figure that is not a
     *                        whole number of at least 0
     */
    public static XrootdSummary parse(byte[] datagram, int length) throws ProbeException {
        Builder b = new Builder();
        try {
            XMLStreamReader r;
            synchronized (XML) {
                r = XML.createXMLStreamReader(new ByteArrayInputStream(datagram, 0, length));
            }
            try {
                read(r, b);
            } finally {
                r.close();
            }
        } catch (XMLStreamException | RuntimeException e) {
            throw new ProbeException("not a well-formed summary report: "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
        }
        return b.build();
    }

    private static void read(XMLStreamReader r, Builder b) throws XMLStreamException, ProbeException {
        String section = null;
        String field = null;
        int depth = 0;
        int sectionDepth = -1;
        boolean root = false;
        while (r.hasNext()) {
            int ev = r.next();
            if (ev == XMLStreamConstants.START_ELEMENT) {
                depth++;
                String el = r.getLocalName();
                if (depth == 1) {
                    if (!el.equals("statistics")) {
                        throw new ProbeException("not a summary report: root element <" + el + ">");
                    }
                    root = true;
                    b.attributes(r);
                } else if (depth == 2 && el.equals("stats")) {
                    section = r.getAttributeValue(null, "id");
                    sectionDepth = depth;
                } else if (depth == sectionDepth + 1) {
                    field = el;
                } else {
                    field = null;
                }
            } else if (ev == XMLStreamConstants.END_ELEMENT) {
                if (depth == sectionDepth) {
                    section = null;
                    sectionDepth = -1;
                }
                depth--;
                field = null;
            } else if (ev == XMLStreamConstants.CHARACTERS && section != null && field != null) {
                b.field(section, field, r.getText().trim());
            }
        }
        if (!root) {
            throw new ProbeException("not a summary report: no <statistics> element");
        }
    }

    /** Collects the fields as they stream past. */
    private static final class Builder {
        String src;
        String program = "";
        long tod = -1;
        long tos = -1;
        int infoPort = -1;
        long num = -1;
        long in = -1;
        long out = -1;

        void attributes(XMLStreamReader r) throws ProbeException {
            src = r.getAttributeValue(null, "src");
            String pgm = r.getAttributeValue(null, "pgm");
            program = pgm == null ? "" : pgm;
            tod = whole("tod", r.getAttributeValue(null, "tod"));
            String start = r.getAttributeValue(null, "tos");
            tos = start == null ? 0 : whole("tos", start);
        }

        void field(String section, String field, String text) throws ProbeException {
            if (text.isEmpty()) {
                return;
            }
            if (section.equals("info") && field.equals("port")) {
                infoPort = (int) Math.min(whole("info port", text), Integer.MAX_VALUE);
            } else if (section.equals("link")) {
                switch (field) {
                    case "num" -> num = whole("link num", text);
                    case "in" -> in = whole("link in", text);
                    case "out" -> out = whole("link out", text);
                    default -> {
                        // maxn, tot, ctime, tmo, stall, sfps: not load figures
                    }
                }
            }
        }

        XrootdSummary build() throws ProbeException {
            if (src == null || src.isBlank()) {
                throw new ProbeException("summary report without its src attribute");
            }
            String host = src;
            int port = infoPort;
            int colon = src.lastIndexOf(':');
            if (colon > 0 && src.substring(colon + 1).matches("\\d{1,5}")) {
                host = src.substring(0, colon);
                port = Integer.parseInt(src.substring(colon + 1));
            }
            if (port <= 0 || port > 65535) {
                throw new ProbeException("summary report from " + src + " names no port (a server on 'xrd.port any'"
                        + " reports port 0: give the door a fixed port)");
            }
            if (num < 0 || in < 0 || out < 0) {
                throw new ProbeException("summary report from " + src + " has no link section (num, in, out):"
                        + " its xrd.report must name 'all' or 'link'");
            }
            return new XrootdSummary(host.toLowerCase(Locale.ROOT), port, tod, tos, program, num, in + out);
        }

        private static long whole(String what, String text) throws ProbeException {
            String t = text == null ? "" : text.trim();
            if (t.matches("\\d{1,18}")) {
                return Long.parseLong(t);
            }
            try {
                throw new ProbeException("absurd " + what + " figure " + Double.parseDouble(t)
                        + " in a summary report (a whole number of at least 0 expected)");
            } catch (NumberFormatException e) {
                throw new ProbeException("summary report with a " + what + " that is not a number: '"
                        + (t.length() > 40 ? t.substring(0, 40) + "..." : t) + "'");
            }
        }
    }
}
