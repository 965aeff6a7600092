package org.opensrm.server.soap.lane;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.opensrm.server.soap.XsdDateTime;

/**
 * The request values that must be of their schema type, e.g. {@code <numOfLevels>many</numOfLevels>}: JAXB turns
 * such a value into an absent field without a word, so the request would run with a default the client never asked
 * for; the servlet answers a fault naming the field instead. The typed fields are those of the SRM v2.2 interface
 * file with a non-string XML Schema type (no field name has two types there).
 */
final class TypedFields {
    private static final BigInteger INT_MIN = BigInteger.valueOf(Integer.MIN_VALUE);
    private static final BigInteger INT_MAX = BigInteger.valueOf(Integer.MAX_VALUE);
    private static final BigInteger ULONG_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");

    private record XsdType(String name, Predicate<String> valid) {
    }

    private static final XsdType INT = new XsdType("xsd:int", v -> integerIn(v, INT_MIN, INT_MAX));
    private static final XsdType UNSIGNED_LONG = new XsdType("xsd:unsignedLong",
            v -> integerIn(v, BigInteger.ZERO, ULONG_MAX));
    private static final XsdType BOOLEAN = new XsdType("xsd:boolean",
            v -> v.equals("true") || v.equals("false") || v.equals("1") || v.equals("0"));
    private static final XsdType DATE_TIME = new XsdType("xsd:dateTime", TypedFields::dateTime);

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

    private TypedFields() {
    }

    /** Whether the element {@code localName} holds a typed value. */
    static boolean has(String localName) {
        return FIELDS.containsKey(localName);
    }

    /** The typed fields and their types ({@code xsd:int}, ...), to compare with the interface file. */
    static Map<String, String> all() {
        Map<String, String> out = new HashMap<>();
        FIELDS.forEach((name, type) -> out.put(name, type.name()));
        return out;
    }

    /** Why the text of the typed field {@code field} is refused, if it is. */
    static Optional<String> judge(String field, String text) {
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
