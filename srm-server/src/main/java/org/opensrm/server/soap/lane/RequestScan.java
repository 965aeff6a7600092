package org.opensrm.server.soap.lane;

import com.sun.xml.ws.api.streaming.XMLStreamReaderFactory;
import java.io.ByteArrayInputStream;
import java.util.Map;
import java.util.Optional;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The one read of a request body before JAX-WS sees it, for what the servlet needs first:
 * <ul>
 * <li>the operation: the local name of the first element in the SOAP Body ({@code srmLs}, ...), so admission
 * control can apply its per-operation limits before the request is decoded;</li>
 * <li>how many array items the request holds (SURLs, file requests, permissions, extra-info pairs; see
 * {@link #isArrayItem}), so the servlet can refuse a request with more than {@code srm.request.max.items} before
 * anything is decoded;</li>
 * <li>request values that are not of their schema type ({@link TypedFields}), which the servlet refuses with a
 * fault naming the field;</li>
 * <li>for a plain call of an operation with a lane (srmLs, a get's cycle), its request, decoded as JAXB decodes it
 * ({@link PlainBody}), so that the lane does not read the body again.</li>
 * </ul>
 * Bodies as real clients write them are read without a parser ({@link PlainBody}, a tenth of what a parser costs);
 * any other is read by the XML parser JAX-WS decodes with ({@link #parse}), which judges every case.
 */
public final class RequestScan {
    /**
     * What the scan found.
     *
     * @param operation the Body's first element's local name; empty when the body has none or cannot be read
     * @param items     array items in the request (those read before an error, when the body cannot be read)
     * @param mistyped  the reason the first mistyped value is refused, if any
     * @param request   the request of {@code operation}, decoded as JAXB decodes it, when the body is a plain call
     *                  of an operation with a lane; null otherwise (a lane then asks {@link LaneRequestReader})
     */
    public record Findings(String operation, int items, Optional<String> mistyped, Object request) {
        Findings(String operation, int items, Optional<String> mistyped) {
            this(operation, items, mistyped, null);
        }
    }

    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    private static final String SOAP_BODY = "Body";

    /**
     * Whether an element is an item of an SRM array: in the SRM v2.2 interface file every {@code ArrayOf...} type
     * holds its items in an element whose name ends in {@code Array} ({@code urlArray}, {@code requestArray},
     * {@code extraInfoArray}, ...), and no other element's name does.
     */
    public static boolean isArrayItem(String localName) {
        return localName.endsWith("Array");
    }

    /** The checked fields and their types ({@code xsd:int}, ...), to compare with the interface file. */
    static Map<String, String> fields() {
        return TypedFields.all();
    }

    /** The reason the first mistyped value is refused, if any (see {@link #scan}). */
    public Optional<String> firstMistyped(byte[] body) {
        return scan(body).mistyped();
    }

    /**
     * Reads the body once: without a parser where it can ({@link PlainBody}), with the parser where it must. A body
     * that cannot be read is not judged here (whatever was found before the error is returned): JAX-WS reads it next
     * and reports why.
     */
    public Findings scan(byte[] body) {
        Findings plain = PlainBody.read(body);
        return plain != null ? plain : parse(body);
    }

    /** The same reading by the XML parser JAX-WS decodes with; it decodes no request. */
    public Findings parse(byte[] body) {
        String operation = "";
        int items = 0;
        Optional<String> refused = Optional.empty();
        try {
            // the reader JAX-WS decodes with (no DTDs, no external entities): a fresh JDK reader per call cost an
            // eighth of the server's CPU in srmLs under load, mostly in setting up its security limits
            XMLStreamReader r = XMLStreamReaderFactory.create(null, new ByteArrayInputStream(body), true);
            try {
                int depth = 0;
                boolean inBody = false;
                while (r.hasNext()) {
                    int event = r.next();
                    if (event == XMLStreamConstants.END_ELEMENT) {
                        depth--;
                        continue;
                    }
                    if (event != XMLStreamConstants.START_ELEMENT) {
                        continue;
                    }
                    depth++;
                    String name = r.getLocalName();
                    if (isArrayItem(name)) {
                        items++;
                    }
                    if (depth == 2 && SOAP_BODY.equals(name)) {
                        inBody = true;
                    } else if (depth == 3 && inBody && operation.isEmpty()) {
                        operation = name;
                    }
                    if (!TypedFields.has(name) || "true".equals(r.getAttributeValue(XSI, "nil"))) {
                        continue;
                    }
                    String text = r.getElementText();
                    depth--; // getElementText() leaves the reader on the element's end
                    if (refused.isEmpty()) {
                        refused = TypedFields.judge(name, text);
                    }
                }
            } finally {
                r.close();
            }
        } catch (XMLStreamException | RuntimeException e) {
            return new Findings(operation, items, refused);
        }
        return new Findings(operation, items, refused);
    }
}
