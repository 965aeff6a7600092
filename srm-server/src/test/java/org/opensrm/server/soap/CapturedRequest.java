package org.opensrm.server.soap;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * One request captured from a real client (test resources {@code captures/<client>/NNN-op.req.hdr} and
 * {@code .req.xml}): its request line, its headers in order and its exact body bytes.
 */
public record CapturedRequest(String client, String name, String requestLine, Map<String, String> headers,
                              byte[] body) {

    /** Every capture under {@code captures/}, ordered by client and name. */
    public static List<CapturedRequest> all() {
        URL root = CapturedRequest.class.getResource("/captures");
        if (root == null) {
            throw new IllegalStateException("test resources captures/ are missing");
        }
        try (Stream<Path> files = Files.walk(Path.of(root.toURI()))) {
            List<CapturedRequest> all = new ArrayList<>();
            for (Path hdr : files.filter(p -> p.toString().endsWith(".req.hdr")).sorted().toList()) {
                all.add(read(hdr));
            }
            return all;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static CapturedRequest read(Path hdr) throws IOException {
        String file = hdr.getFileName().toString();
        String name = file.substring(0, file.length() - ".req.hdr".length());
        byte[] body = Files.readAllBytes(hdr.resolveSibling(name + ".req.xml"));
        List<String> lines = List.of(Files.readString(hdr, StandardCharsets.ISO_8859_1).split("\r\n"));
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isEmpty()) {
                break;
            }
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon), line.substring(colon + 1).trim());
        }
        return new CapturedRequest(hdr.getParent().getFileName().toString(), name, lines.get(0),
                Collections.unmodifiableMap(headers), body);
    }

    /** The request target is absolute-form ({@code POST httpg://host:port/path HTTP/1.1}), as ARC sends it. */
    boolean absoluteForm() {
        return requestLine.split(" ")[1].startsWith("httpg://");
    }

    /** The path of the request target, e.g. {@code /srm/managerv2}. */
    String path() {
        String target = requestLine.split(" ")[1];
        if (!absoluteForm()) {
            return target;
        }
        int slash = target.indexOf('/', "httpg://".length());
        return target.substring(slash);
    }

    String header(String name) {
        return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }

    /** The operation element: the Body's first child, e.g. {@code srmLs}. */
    Element operationElement() {
        Element body = firstChild(parse().getDocumentElement(), "Body");
        return firstElement(body);
    }

    /** The request part inside the operation element, e.g. {@code srmLsRequest}. */
    Element requestElement() {
        return firstElement(operationElement());
    }

    public String operation() {
        return operationElement().getLocalName();
    }

    @Override
    public String toString() {
        return client + "/" + name;
    }

    private Document parse() {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            return f.newDocumentBuilder().parse(new ByteArrayInputStream(body));
        } catch (Exception e) {
            throw new IllegalStateException("capture " + this + " is not well-formed XML", e);
        }
    }

    private static Element firstChild(Element parent, String localName) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && localName.equals(e.getLocalName())) {
                return e;
            }
        }
        throw new IllegalStateException("no " + localName + " in " + parent.getLocalName());
    }

    private static Element firstElement(Element parent) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                return e;
            }
        }
        throw new IllegalStateException("no element inside " + parent.getLocalName());
    }
}
