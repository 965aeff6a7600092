package org.opensrm.core.architecture;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The classes a class file refers to, from its constant pool (JVMS 4.4): the names of its {@code CONSTANT_Class}
 * entries and the class names inside every descriptor or signature ({@code Ljava/net/Socket;}).
 */
final class ConstantPool {
    private static final Pattern IN_DESCRIPTOR = Pattern.compile("L([\\w/$]+)[;<]");

    private ConstantPool() {
    }

    static Set<String> classReferences(byte[] classFile) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort(); // minor
        in.readUnsignedShort(); // major
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] classNameIndex = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7 -> classNameIndex[i] = in.readUnsignedShort();
                case 8, 16, 19, 20 -> in.readUnsignedShort();
                case 15 -> {
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
                case 5, 6 -> {
                    in.readLong();
                    i++; // takes two entries
                }
                default -> throw new IOException("unknown constant pool tag " + tag + " at " + i);
            }
        }
        Set<String> refs = new HashSet<>();
        for (int i = 1; i < count; i++) {
            if (classNameIndex[i] != 0) {
                String name = utf8[classNameIndex[i]];
                refs.add(name.startsWith("[") ? stripArray(name) : name);
            }
            if (utf8[i] != null) {
                Matcher m = IN_DESCRIPTOR.matcher(utf8[i]);
                while (m.find()) {
                    refs.add(m.group(1));
                }
            }
        }
        return refs;
    }

    private static String stripArray(String name) {
        String element = name.replaceFirst("^\\[+", "");
        return element.startsWith("L") && element.endsWith(";") ? element.substring(1, element.length() - 1) : element;
    }
}
