package org.opensrm.server.soap.lane;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import org.opensrm.server.soap.gen.SrmLsRequest;
import org.opensrm.server.soap.gen.SrmPrepareToGetRequest;
import org.opensrm.server.soap.gen.SrmReleaseFilesRequest;
import org.opensrm.server.soap.gen.SrmStatusOfGetRequestRequest;

/**
 * The rule the reading without a parser keeps, checked for one body: either it leaves the body to the parser, or it
 * finds what the parser's reading finds ({@link RequestScan#parse}: operation, array items, first mistyped value)
 * and, if it decoded the request of a lane, that request holds exactly the values JAXB makes of the same body
 * ({@link LaneRequestReader#parsed}). A failed check throws {@link AssertionError}.
 */
final class SameAsJaxb {
    /** How far the reading without a parser went. */
    enum Reading { LEFT_TO_THE_PARSER, SCANNED, DECODED }

    static final Map<String, Class<?>> LANES = Map.of("srmLs", SrmLsRequest.class,
            "srmPrepareToGet", SrmPrepareToGetRequest.class,
            "srmStatusOfGetRequest", SrmStatusOfGetRequestRequest.class,
            "srmReleaseFiles", SrmReleaseFilesRequest.class);

    private final RequestScan scan = new RequestScan();
    private final LaneRequestReader jaxb;

    SameAsJaxb() {
        try {
            jaxb = new LaneRequestReader(LANES.values().toArray(Class<?>[]::new));
        } catch (jakarta.xml.bind.JAXBException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Checks the rule for {@code body}; how far the reading without a parser went. */
    Reading check(byte[] body) {
        RequestScan.Findings plain = PlainBody.read(body);
        if (plain == null) {
            return Reading.LEFT_TO_THE_PARSER;
        }
        RequestScan.Findings parsed = scan.parse(body);
        if (!parsed.equals(new RequestScan.Findings(plain.operation(), plain.items(), plain.mistyped()))) {
            throw new AssertionError("read without a parser as " + plain + ", by the parser as " + parsed);
        }
        if (plain.request() == null) {
            return Reading.SCANNED;
        }
        Class<?> type = LANES.get(plain.operation());
        Object byJaxb = type == null ? null : jaxb.parsed(body, plain.operation(), type);
        if (type == null || !type.isInstance(plain.request()) || !describe(plain.request()).equals(describe(byJaxb))) {
            throw new AssertionError("decoded without a parser as " + describe(plain.request()) + ", by JAXB as "
                    + describe(byJaxb));
        }
        return Reading.DECODED;
    }

    /** JAXB's reading of {@code body} as a request of the lane {@code operation}, described; "null" if none. */
    String byJaxb(byte[] body, String operation) {
        return describe(jaxb.parsed(body, operation, LANES.get(operation)));
    }

    /** Every field of a generated object, nested, in declaration order ({@code null} and {@code []} told apart). */
    static String describe(Object value) {
        if (value == null || value instanceof String || value instanceof Number || value instanceof Boolean) {
            return value instanceof String ? "'" + value + "'" : String.valueOf(value);
        }
        if (value instanceof List<?> list) {
            return list.stream().map(SameAsJaxb::describe).toList().toString();
        }
        StringBuilder out = new StringBuilder(value.getClass().getSimpleName()).append('{');
        for (Field f : value.getClass().getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            f.setAccessible(true);
            try {
                out.append(f.getName()).append('=').append(describe(f.get(value))).append(' ');
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        return out.append('}').toString();
    }
}
