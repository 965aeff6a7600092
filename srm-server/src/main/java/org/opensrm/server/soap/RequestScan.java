package org.opensrm.server.soap;

import com.sun.xml.ws.api.streaming.XMLStreamReaderFactory;
import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * One read of a request body before JAX-WS sees it, for two things the servlet needs first:
 * <ul>
 * <li>the operation: the local name of the first element in the SOAP Body ({@code srmLs}, ...), so admission
 * control can apply its per-operation limits before the request is decoded;</li>
 * <li>how many array items the request holds (SURLs, file requests, permissions, extra-info pairs; see
 * {@link #isArrayItem}), so the servlet can refuse a request with more than {@code srm.request.max.items} before
 * anything is decoded;</li>
 * <li>request values that are not of their schema type, e.g. {@code <numOfLevels>many</numOfLevels>}. JAXB turns
 * such a value into an absent field without a word, so the request would run with a default the client never
 * asked for; the servlet answers a fault naming the field instead. The typed fields are those of the SRM v2.2
 * interface file with a non-string XML Schema type (no field name has two types there).</li>
 * </ul>
 */
final class RequestScan {
    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    private static final BigInteger INT_MIN = BigInteger.valueOf(Integer.MIN_VALUE);
    private static final BigInteger INT_MAX = BigInteger.valueOf(Integer.MAX_VALUE);
    private static final BigInteger ULONG_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");

    /**
     * What the scan found.
     *
     * @param operation the Body's first element's local name; empty when the body has none or cannot be read
     * @param items     array items in the request (those read before an error, when the body cannot be read)
     * @param mistyped  the reason the first mistyped value is refused, if any
     */
    record Findings(String operation, int items, Optional<String> mistyped) {
    }

    /**
     * Whether an element is an item of an SRM array: in the SRM v2.2 interface file every {@code ArrayOf...} type
     * holds its items in an element whose name ends in {@code Array} ({@code urlArray}, {@code requestArray},
     * {@code extraInfoArray}, ...), and no other element's name does.
     */
    static boolean isArrayItem(String localName) {
        return localName.endsWith("Array");
    }

    private static final String SOAP_BODY = "Body";

    private record XsdType(String name, Predicate<String> valid) {
    }

    private static final XsdType INT = new XsdType("xsd:int", v -> integerIn(v, INT_MIN, INT_MAX));
    private static final XsdType UNSIGNED_LONG = new XsdType("xsd:unsignedLong",
            v -> integerIn(v, BigInteger.ZERO, ULONG_MAX));
    private static final XsdType BOOLEAN = new XsdType("xsd:boolean",
            v -> v.equals("true") || v.equals("false") || v.equals("1") || v.equals("0"));
    private static final XsdType DATE_TIME = new XsdType("xsd:dateTime", RequestScan::dateTime);

    private static final Map<String, XsdType> FIELDS = new HashMap<>();

    static {
        for (String f : new String[] {"count", "deferredStartTime", "desiredFileLifeTime", "desiredLifeTime",
                "desiredLifetimeOfReservedSpace", "desiredPinLifeTime", "desiredTargetSURLLifeTime",
                "desiredTotalRequestTime", "estimatedProcessingTime", "estimatedWaitTime", "fileLifetime",
                "lifetimeAssigned", "lifetimeGranted", "lifetimeLeft", "lifetimeOfReservedSpace", "newFileLifeTime",
                "newLifeTime", "newPinLifeTime", "numOfCompletedFiles", "numOfFailedFiles", "numOfLevels",
                "numOfWaitingFiles", "offset", "pinLifetime", "remainingDeferredStartTime", "remainingFileLifetime",
                "remainingPinLifetime", "remainingPinTime", "remainingTotalRequestTime", "totalNumFilesInRequest"}) {
            FIELDS.put(f, INT);
        }
        for (String f : new String[] {"desiredSizeOfGuaranteedSpace", "desiredSizeOfTotalSpace", "expectedFileSize",
                "fileSize", "guaranteedSize", "newSizeOfGuaranteedSpaceDesired", "newSizeOfTotalSpaceDesired", "size",
                "sizeOfGuaranteedReservedSpace", "sizeOfGuaranteedSpace", "sizeOfTotalReservedSpace",
                "sizeOfTotalSpace", "totalSize", "unsignedLongArray", "unusedSize"}) {
            FIELDS.put(f, UNSIGNED_LONG);
        }
        for (String f : new String[] {"allLevelRecursive", "doRemove", "forceFileRelease", "fullDetailedList",
                "isSourceADirectory", "recursive"}) {
            FIELDS.put(f, BOOLEAN);
        }
        FIELDS.put("createdAtTime", DATE_TIME);
        FIELDS.put("lastModificationTime", DATE_TIME);
    }

    /** The checked fields and their types ({@code xsd:int}, ...), to compare with the interface file. */
    static Map<String, String> fields() {
        Map<String, String> out = new HashMap<>();
        FIELDS.forEach((name, type) -> out.put(name, type.name()));
        return out;
    }

    /** The reason the first mistyped value is refused, if any (see {@link #scan}). */
    Optional<String> firstMistyped(byte[] body) {
        return scan(body).mistyped();
    }

    /**
     * Reads the body once: plainly where it can ({@link PlainXmlScan}, a tenth of what an XML parser costs), with
     * an XML parser where it must. A body that cannot be read is not judged here (whatever was found before the
     * error is returned): JAX-WS reads it next and reports why.
     */
    Findings scan(byte[] body) {
        PlainXmlScan.Result plain = PlainXmlScan.scan(body, FIELDS.keySet());
        if (plain == null) {
            return parse(body);
        }
        for (PlainXmlScan.Field f : plain.fields()) {
            Optional<String> refused = judge(f.name(), f.text());
            if (refused.isPresent()) {
                return new Findings(plain.operation(), plain.items(), refused);
            }
        }
        return new Findings(plain.operation(), plain.items(), Optional.empty());
    }

    /** The same reading by the XML parser JAX-WS decodes with. */
    Findings parse(byte[] body) {
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
                    XsdType type = FIELDS.get(name);
                    if (type == null || "true".equals(r.getAttributeValue(XSI, "nil"))) {
                        continue;
                    }
                    String text = r.getElementText();
                    depth--; // getElementText() leaves the reader on the element's end
                    if (refused.isEmpty()) {
                        refused = judge(name, text);
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

    /** Why a typed field's text is refused, if it is. */
    private static Optional<String> judge(String field, String text) {
        XsdType type = FIELDS.get(field);
        String value = text.strip();
        return type.valid().test(value) ? Optional.empty()
                : Optional.of(field + ": '" + shortened(value) + "' is not a valid " + type.name());
    }

    private static boolean integerIn(String v, BigInteger min, BigInteger max) {
        if (!INTEGER.matcher(v).matches()) {
            return false;
        }
        BigInteger n = new BigInteger(v.startsWith("+") ? v.substring(1) : v);
        return n.compareTo(min) >= 0 && n.compareTo(max) <= 0;
    }

    private static boolean dateTime(String v) {
        try {
            XsdDateTime.parse(v);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static String shortened(String value) {
        return value.length() <= 40 ? value : value.substring(0, 40) + "...";
    }
}
