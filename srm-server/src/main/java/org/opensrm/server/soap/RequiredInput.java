package org.opensrm.server.soap;

import jakarta.xml.bind.annotation.XmlElement;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.opensrm.common.SrmException;

/**
 * The first check of every operation, supported or not: each element the WSDL makes required and not nillable
 * (minOccurs 1, no {@code nillable}; JAXB marks it {@code required = true}) must be present, else the call is
 * {@code SRM_INVALID_REQUEST} naming it &mdash; before any other answer, {@code SRM_NOT_SUPPORTED} included
 * (SRM v2.2, GFD.129 &sect;1.13: a request missing a required input is an invalid request). The fields of each
 * generated request class are looked up once.
 */
final class RequiredInput {
    private static final ClassValue<List<Field>> REQUIRED = new ClassValue<>() {
        @Override
        protected List<Field> computeValue(Class<?> type) {
            List<Field> out = new ArrayList<>();
            for (Field f : type.getDeclaredFields()) {
                XmlElement e = f.getAnnotation(XmlElement.class);
                if (e != null && e.required() && !e.nillable() && !f.getType().isPrimitive()
                        && !Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    out.add(f);
                }
            }
            return List.copyOf(out);
        }
    };

    private RequiredInput() {
    }

    static void check(String operation, Object request) throws SrmException {
        for (Field f : REQUIRED.get(request.getClass())) {
            Object value;
            try {
                value = f.get(request);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
            if (value == null || (value instanceof String s && s.isBlank())) {
                throw SrmException.invalidRequest(operation + ": the required " + f.getName() + " is missing");
            }
        }
    }
}
