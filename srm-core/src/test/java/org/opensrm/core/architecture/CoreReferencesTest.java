package org.opensrm.core.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.opensrm.core.RequestStore;

/**
 * srm-core holds the domain only (issue 20 point 2): none of its classes opens a socket, speaks TLS or launches a
 * process — that is the client module's ({@code org.opensrm.client}) and the transport's work — and none speaks
 * JDBC, which is the stores module's ({@code org.opensrm.stores}). Read from the compiled classes' constant pools,
 * so that a fully qualified name in the code, or {@code java.lang.ProcessBuilder} (never imported), is caught as an
 * import is.
 */
class CoreReferencesTest {
    /** Class names (internal form) or package prefixes (ending in '/') no class of srm-core may refer to. */
    private static final Map<String, List<String>> FORBIDDEN = Map.of(
            "sockets", List.of("java/net/Socket", "java/net/ServerSocket", "java/nio/channels/SocketChannel",
                    "java/nio/channels/ServerSocketChannel", "java/net/http/", "java/net/HttpURLConnection"),
            "TLS", List.of("javax/net/ssl/"),
            "processes", List.of("java/lang/ProcessBuilder", "java/lang/Process"),
            "JDBC", List.of("java/sql/", "javax/sql/", "com/zaxxer/", "org/flywaydb/", "org/sqlite/",
                    "org/postgresql/"));


    @Test
    void noClassOfTheCoreOpensSocketsSpeaksTlsLaunchesProcessesOrSpeaksJdbc() throws Exception {
        List<String> offences = new ArrayList<>();
        List<Path> classes = coreClasses();
        for (Path file : classes) {
            String name = className(file);
            Set<String> refs = ConstantPool.classReferences(Files.readAllBytes(file));
            for (Map.Entry<String, List<String>> kind : FORBIDDEN.entrySet()) {
                for (String ref : refs) {
                    if (kind.getValue().stream().anyMatch(f -> f.endsWith("/") ? ref.startsWith(f) : ref.equals(f))) {
                        offences.add(name + " refers to " + ref + " (" + kind.getKey() + ")");
                    }
                }
            }
        }
        assertTrue(classes.size() > 100, "the core's classes were found: " + classes.size());
        assertEquals(List.of(), offences);
    }

    @Test
    void noSchemaMigrationIsAmongTheCoresResources() throws Exception {
        Path root = Path.of(RequestStore.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (Stream<Path> files = Files.walk(root)) {
            assertEquals(List.of(), files.filter(f -> f.toString().endsWith(".sql")).map(Path::toString).toList(),
                    "migrations belong to the stores module (org/opensrm/stores/db/migration)");
        }
    }

    @Test
    void theCheckSeesWhatItLooksFor() throws Exception {
        Set<String> refs = ConstantPool.classReferences(Files.readAllBytes(classFile(Probe.class)));
        assertTrue(refs.contains("java/lang/Process"), refs.toString());
        assertTrue(refs.contains("java/net/Socket"), refs.toString());
        assertTrue(refs.contains("javax/net/ssl/SSLSocket"), refs.toString());
        assertTrue(refs.contains("java/sql/Connection"), refs.toString());
        assertFalse(refs.contains("java/net/ServerSocket"), refs.toString());
    }

    /** Refers to what the check looks for, in the ways code does: a call, a field's type, a method's signature. */
    @SuppressWarnings("unused")
    private static final class Probe {
        private java.net.Socket socket;

        static Process launched() {
            return null; // a process launcher's result type: the test-split guard reads launchers by their name
        }

        static java.sql.Connection connection(javax.net.ssl.SSLSocket s) {
            return null;
        }
    }

    private static List<Path> coreClasses() throws URISyntaxException, IOException {
        Path root = Path.of(RequestStore.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertTrue(Files.isDirectory(root), "srm-core's classes are a directory here: " + root);
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".class")).sorted().toList();
        }
    }

    private static String className(Path file) throws URISyntaxException {
        Path root = Path.of(RequestStore.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String relative = root.relativize(file).toString().replace('\\', '/');
        return relative.substring(0, relative.length() - ".class".length());
    }

    private static Path classFile(Class<?> c) throws URISyntaxException {
        Path root = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        return root.resolve(c.getName().replace('.', '/') + ".class");
    }
}
