package org.opensrm.server.soap.lane;

import jakarta.xml.bind.annotation.XmlElement;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A {@link PlainBinding} of a generated type: its child elements by name, each read by its own binding and set (or,
 * for an array's items, added) the way JAXB does, in any order. A child the generated type declares nillable may be
 * written {@code <name xsi:nil="true"/>}: JAXB sets it to null, and so does this. It gives up on an element it does
 * not know, one with any other attribute ({@code xsi:type}, a namespace declaration, a nil JAXB would read another
 * way...), a single-valued element given twice, and text between the child elements.
 *
 * @param <T> the generated type
 */
final class PlainType<T> implements PlainBinding<T> {
    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";

    /** A child element: its unqualified name, its binding, and how its value goes into the parent. */
    record Child<T, V>(String name, PlainBinding<V> binding, BiConsumer<T, V> put, boolean repeats) {
    }

    /** A child element, its bit in the set of those read, and whether the generated type declares it nillable. */
    private record Known<T>(Child<T, ?> child, long bit, boolean nillable) {
        @SuppressWarnings("unchecked")
        <V> boolean readInto(T parent, XmlTokenizer in, XmlTokenizer.Tag tag) {
            Child<T, V> c = (Child<T, V>) child;
            if (!tag.attributes().isEmpty()) {
                if (!nillable || !isNil(tag) || !(tag.empty() || in.endTag())) {
                    return false;
                }
                c.put().accept(parent, null);
                return true;
            }
            V value = c.binding().read(in, tag);
            if (value == null) {
                return false;
            }
            c.put().accept(parent, value);
            return true;
        }
    }

    private final Supplier<T> create;
    private final Map<String, Known<T>> children;

    @SafeVarargs
    PlainType(Supplier<T> create, Child<T, ?>... children) {
        this.create = create;
        Class<?> type = create.get().getClass();
        this.children = Map.copyOf(IntStream.range(0, children.length).boxed()
                .collect(Collectors.toMap(i -> children[i].name(), i -> new Known<>(children[i], 1L << i,
                        !children[i].repeats() && nillable(type, children[i].name())))));
    }

    /** A child element that occurs at most once, set by {@code set}. */
    static <T, V> Child<T, V> one(String name, PlainBinding<V> binding, BiConsumer<T, V> set) {
        return new Child<>(name, binding, set, false);
    }

    /** An array's item element, added to the list {@code items} gives. */
    static <T, V> Child<T, V> many(String name, PlainBinding<V> binding, Function<T, List<V>> items) {
        return new Child<>(name, binding, (parent, value) -> items.apply(parent).add(value), true);
    }

    @Override
    public T read(XmlTokenizer in, XmlTokenizer.Tag tag) {
        T value = create.get();
        if (tag.empty()) {
            return value;
        }
        long seen = 0;
        while (!in.atEndTag()) {
            XmlTokenizer.Tag child = in.startTag();
            Known<T> known = child == null ? null : children.get(child.name());
            boolean again = known != null && !known.child().repeats() && (seen & known.bit()) != 0;
            if (known == null || again || !known.readInto(value, in, child)) {
                return null;
            }
            seen |= known.bit();
        }
        return in.endTag() ? value : null;
    }

    /** Whether a tag's only attribute is {@code xsi:nil="true"} (JAXB reads other spellings of true too: give up). */
    private static boolean isNil(XmlTokenizer.Tag tag) {
        XmlTokenizer.Attribute a = tag.attributes().get(0);
        return tag.attributes().size() == 1 && a.localName().equals("nil") && a.namespace().equals(XSI)
                && a.value().equals("true");
    }

    /** Whether the generated type declares the element {@code name} nillable (JAXB sets it null when nil). */
    private static boolean nillable(Class<?> type, String name) {
        for (Field f : type.getDeclaredFields()) {
            XmlElement e = f.getAnnotation(XmlElement.class);
            if (e != null && (e.name().equals(name) || (e.name().equals("##default") && f.getName().equals(name)))) {
                return e.nillable();
            }
        }
        return false;
    }
}
