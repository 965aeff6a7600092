package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.xml.bind.annotation.XmlElement;
import java.lang.reflect.Field;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import java.time.Instant;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Asserts that a generated JAXB object holds every value of the XML element it was decoded from: each child
 * element maps to the field its {@code @XmlElement} names, the k-th repetition of an element to the k-th list
 * entry, {@code xsi:nil} to null, an element with children to a non-null object checked the same way, and a text
 * leaf to a value whose text form equals the XML text. Nothing in the XML may be dropped on the way.
 */
final class DecodedFields {
    private DecodedFields() {
    }

    /** @return how many leaf values were compared (so a caller can tell an empty check from a full one) */
    static int assertAllDecoded(Element xml, Object decoded) {
        return check(xml, decoded, xml.getLocalName());
    }

    private static int check(Element xml, Object decoded, String where) {
        assertNotNull(decoded, where + " was not decoded");
        int leaves = 0;
        Map<String, Integer> seen = new HashMap<>();
        for (Node n = xml.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (!(n instanceof Element child)) {
                continue;
            }
            String name = child.getLocalName();
            int index = seen.merge(name, 1, Integer::sum) - 1;
            String path = where + "/" + name + (index > 0 ? "[" + index + "]" : "");
            Object value = valueOf(decoded, name, index, path);
            if ("true".equals(child.getAttributeNS(XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI, "nil"))) {
                assertNull(value, path + " is xsi:nil but decoded as " + value);
            } else if (hasElementChildren(child)) {
                leaves += check(child, value, path);
            } else if (isSimple(value) || value == null) {
                assertNotNull(value, path + " = '" + child.getTextContent() + "' was decoded as nothing");
                assertEquals(child.getTextContent().trim(), textOf(value), path);
                leaves++;
            } else {
                // an empty structure such as gfal2's <arrayOfUserPermissions></arrayOfUserPermissions>
                assertTrue(child.getTextContent().isBlank(), path + " has text but decodes to a structure");
            }
        }
        return leaves;
    }

    private static Object valueOf(Object decoded, String elementName, int index, String path) {
        Field field = fieldFor(decoded.getClass(), elementName);
        if (field == null) {
            fail(path + ": " + decoded.getClass().getSimpleName() + " has no field for element " + elementName);
        }
        try {
            field.setAccessible(true);
            Object value = field.get(decoded);
            if (value instanceof List<?> list) {
                assertTrue(index < list.size(), path + ": only " + list.size() + " entries were decoded");
                return list.get(index);
            }
            assertEquals(0, index, path + " repeats but " + field.getName() + " holds one value");
            return value;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Field fieldFor(Class<?> type, String elementName) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                XmlElement a = f.getAnnotation(XmlElement.class);
                String name = a != null && !"##default".equals(a.name()) ? a.name() : f.getName();
                if (name.equals(elementName)) {
                    return f;
                }
            }
        }
        return null;
    }

    private static boolean hasElementChildren(Element e) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element) {
                return true;
            }
        }
        return false;
    }

    private static boolean isSimple(Object value) {
        return value instanceof String || value instanceof Number || value instanceof Boolean
                || value instanceof Instant;
    }

    private static String textOf(Object value) {
        if (value instanceof Instant t) {
            return XsdDateTime.print(t);
        }
        if (value instanceof BigInteger || value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        return ((String) value).trim();
    }
}
