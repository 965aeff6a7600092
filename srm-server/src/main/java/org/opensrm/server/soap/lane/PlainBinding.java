package org.opensrm.server.soap.lane;

/**
 * How {@link PlainRequests} turns one element of a request into the value JAXB would make of it: a text value
 * ({@link PlainText}) or a generated type ({@link PlainType}). Where the two might differ — a value JAXB would read
 * leniently, or drop — a binding gives up instead.
 *
 * @param <T> the value's type
 */
@FunctionalInterface
interface PlainBinding<T> {
    /**
     * The value of the element whose start tag {@code tag} was just read from {@code in}, its content and end tag
     * read; null when this reading leaves the element to a real parser.
     */
    T read(XmlTokenizer in, XmlTokenizer.Tag tag);
}
