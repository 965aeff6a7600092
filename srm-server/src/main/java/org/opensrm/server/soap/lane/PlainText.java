package org.opensrm.server.soap.lane;

import java.util.function.Function;
import java.util.regex.Pattern;

/** The {@link PlainBinding}s of elements that hold only text: the XML Schema types the lanes' requests use. */
final class PlainText {
    /** An {@code xsd:string} or {@code xsd:anyURI}, as written (JAXB keeps its spaces too). */
    static final PlainBinding<String> STRING = of(text -> text);

    /** An {@code xsd:int} written as plain digits (JAXB's lenient forms, e.g. {@code +1} or spaces, give up). */
    static final PlainBinding<Integer> INT = of(PlainText::integer);

    /** An {@code xsd:boolean}: {@code true}, {@code false}, {@code 1} or {@code 0}. */
    static final PlainBinding<Boolean> BOOLEAN = of(text -> switch (text) {
        case "true", "1" -> Boolean.TRUE;
        case "false", "0" -> Boolean.FALSE;
        default -> null;
    });

    private static final Pattern DIGITS = Pattern.compile("-?[0-9]{1,10}");

    private PlainText() {
    }

    /** The binding of an element holding only text, made a value by {@code value} (null: give up). */
    private static <T> PlainBinding<T> of(Function<String, T> value) {
        return (in, tag) -> {
            if (tag.empty()) {
                return value.apply("");
            }
            String text = in.text();
            return text != null && in.endTag() ? value.apply(text) : null;
        };
    }

    private static Integer integer(String text) {
        if (!DIGITS.matcher(text).matches()) {
            return null;
        }
        try {
            return Integer.valueOf(text);
        } catch (NumberFormatException e) { // beyond an int: the request is refused before any lane
            return null;
        }
    }
}
