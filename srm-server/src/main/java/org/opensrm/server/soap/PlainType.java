package org.opensrm.server.soap;

import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A {@link PlainBinding} of a generated type: its child elements by name, each read by its own binding and set (or,
 * for an array's items, added) the way JAXB does, in any order. It gives up on an element it does not know, one with
 * attributes ({@code xsi:nil}, {@code xsi:type}, a namespace declaration...), a single-valued element given twice,
 * and text between the child elements.
 *
 * @param <T> the generated type
 */
final class PlainType<T> implements PlainBinding<T> {
    /** A child element: its unqualified name, its binding, and how its value goes into the parent. */
    record Child<T, V>(String name, PlainBinding<V> binding, BiConsumer<T, V> put, boolean repeats) {
        private boolean readInto(T parent, PlainXmlReader in, PlainXmlReader.Tag tag) {
            V value = binding.read(in, tag);
            if (value == null) {
                return false;
            }
            put.accept(parent, value);
            return true;
        }
    }

    /** A child element and its bit in the set of those read. */
    private record Known<T>(Child<T, ?> child, long bit) {
    }

    private final Supplier<T> create;
    private final Map<String, Known<T>> children;

    @SafeVarargs
    PlainType(Supplier<T> create, Child<T, ?>... children) {
        this.create = create;
        this.children = Map.copyOf(IntStream.range(0, children.length).boxed()
                .collect(Collectors.toMap(i -> children[i].name(), i -> new Known<>(children[i], 1L << i))));
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
    public T read(PlainXmlReader in, PlainXmlReader.Tag tag) {
        T value = create.get();
        if (tag.empty()) {
            return value;
        }
        long seen = 0;
        while (!in.atEndTag()) {
            PlainXmlReader.Tag child = in.startTag();
            Known<T> known = child == null ? null : children.get(child.name());
            boolean again = known != null && !known.child().repeats() && (seen & known.bit()) != 0;
            if (known == null || !child.attributes().isEmpty() || again || !known.child().readInto(value, in, child)) {
                return null;
            }
            seen |= known.bit();
        }
        return in.endTag(tag.name()) ? value : null;
    }
}
