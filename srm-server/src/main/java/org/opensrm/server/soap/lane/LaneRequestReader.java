package org.opensrm.server.soap.lane;

import com.sun.xml.ws.api.streaming.XMLStreamReaderFactory;
import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Unmarshaller;
import java.io.ByteArrayInputStream;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads a request of an operation with a lane the way JAX-WS would — the rpc/literal part (for {@code srmLs},
 * {@code srmLsRequest}) of the operation's element in a SOAP 1.1 Body, decoded by JAXB into the same generated type.
 * Only the plain case: any SOAP header (JAX-WS must judge {@code mustUnderstand}), another envelope version or
 * anything unexpected gives {@code null}, and the request goes through JAX-WS, which answers every case, faults
 * included. A call as real clients write it has been decoded already by the scan, without a parser
 * ({@link RequestScan.Findings#request}: the same values, for a fraction of the CPU); this is for any other.
 */
public final class LaneRequestReader {
    private static final String SOAP_11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SRM = "http://srm.lbl.gov/StorageResourceManager";

    private final JAXBContext context;
    private final ThreadLocal<Unmarshaller> unmarshallers = new ThreadLocal<>();

    /** A reader of the request types {@code types} (one context for all: what the lanes read). */
    public LaneRequestReader(Class<?>... types) throws JAXBException {
        context = JAXBContext.newInstance(types);
    }

    /**
     * The request of {@code operation}, of {@code type}: the one the scan decoded ({@code decoded}, null if none),
     * or the parser's and JAXB's; null when JAX-WS is to read this body.
     */
    public <T> T read(byte[] body, String operation, Class<T> type, Object decoded) {
        return type.isInstance(decoded) ? type.cast(decoded) : parsed(body, operation, type);
    }

    /** The request of {@code operation} as JAXB reads it from the parsed body (see {@link #read}). */
    public <T> T parsed(byte[] body, String operation, Class<T> type) {
        try {
            XMLStreamReader r = XMLStreamReaderFactory.create(null, new ByteArrayInputStream(body), true);
            try {
                if (!next(r, SOAP_11, "Envelope") || !next(r, SOAP_11, "Body") || !next(r, SRM, operation)
                        || !next(r, "", operation + "Request")) {
                    return null;
                }
                return unmarshaller().unmarshal(r, type).getValue();
            } finally {
                r.close();
            }
        } catch (XMLStreamException | JAXBException | RuntimeException e) {
            return null;
        }
    }

    private static boolean next(XMLStreamReader r, String namespace, String name) throws XMLStreamException {
        return r.nextTag() == XMLStreamConstants.START_ELEMENT && name.equals(r.getLocalName())
                && namespace.equals(r.getNamespaceURI() == null ? "" : r.getNamespaceURI());
    }

    private Unmarshaller unmarshaller() throws JAXBException {
        Unmarshaller u = unmarshallers.get();
        if (u == null) {
            u = context.createUnmarshaller();
            unmarshallers.set(u);
        }
        return u;
    }
}
