package org.opensrm.testkit.split;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Keeps the split between unit and integration tests honest (docs/testing.md): every test class of every module
 * that starts a process or a server of another kind — a child JVM, gfal2 or ARC clients, GridFTP, XRootD,
 * PostgreSQL, HAProxy, an in-process HDFS (MiniDFSCluster) — must be tagged {@code @Tag("integration")}, on
 * itself or on a superclass, so that the unit run ({@code bin/run-tests --unit}) leaves it out.
 *
 * <p>It reads the sources of all modules (comments and literals aside). A test class starts something when it,
 * a superclass, or a test helper it names (transitively, across modules) names {@code ProcessBuilder},
 * {@code Runtime.exec}, {@code MiniDFSCluster}, one of the production classes that start doors or HDFS for
 * development, constructs a {@code GlobusUrlCopyTransfer}, asks a fixture for its {@code clients(…)}, or names one
 * of the test kit's launchers: a test-kit class that starts a process, or names one that does
 * ({@code GridFtpServerProcess}, {@code XrootdServerProcess}, {@code PostgresCluster}, {@code SrmClients}, …).
 * {@link #HOST_LOOKUPS} are the exception: helpers that run {@code id}/{@code getent} to read the host's test
 * accounts, as the server's own account resolver does on every mapping. Failsafe's {@code *IT} classes are
 * integration tests by their name and not looked at.
 */
class IntegrationTagGuardTest {
    /** Names whose mere use means a process or an in-process cluster is started. */
    private static final Set<String> STARTERS = Set.of("ProcessBuilder", "MiniDFSCluster", "DevHdfsCluster",
            "DevHdfs", "DevGridFtpDoor", "DevXrootdDoor");
    private static final List<Pattern> STARTING_CALLS = List.of(
            Pattern.compile("getRuntime\\(\\)\\s*\\.\\s*exec\\b"),
            Pattern.compile("\\bnew\\s+GlobusUrlCopyTransfer\\b"),
            Pattern.compile("\\.clients\\("));
    /** Test-account lookups ({@code id}, {@code getent}) allowed in unit tests; see the class comment. */
    static final Set<String> HOST_LOOKUPS = Set.of("org.opensrm.authz.contract.IdCommand",
            "org.opensrm.backend.posix.TestAccounts", "org.opensrm.core.service.LocalAccounts");
    /** Test-kit classes that make configurations and client objects but start nothing themselves. */
    private static final Set<String> FACTORIES = Set.of("org.opensrm.testkit.TestGrid");
    private static final Pattern TEST_CLASS_NAME = Pattern.compile("Test.*|.*Test|.*Tests|.*TestCase");

    private static final Map<String, JavaSource> sources = new HashMap<>();
    private static final Map<String, String> startsBecause = new HashMap<>();
    private static List<JavaSource> testClasses;

    @BeforeAll
    static void readAllSources() throws IOException {
        Path root = repositoryRoot();
        for (Path f : sourceFiles(root)) {
            String rel = root.relativize(f).toString();
            JavaSource s = JavaSource.read(f, rel.substring(0, rel.indexOf("/src/")));
            sources.put(s.fullName(), s);
        }
        for (JavaSource s : sources.values()) {
            reason(s).ifPresent(r -> startsBecause.put(s.fullName(), r));
        }
        Map<String, Set<String>> uses = new HashMap<>();
        sources.values().forEach(s -> uses.put(s.fullName(), used(s)));
        boolean grew = true;
        while (grew) {
            grew = false;
            for (JavaSource s : sources.values()) {
                if (startsBecause.containsKey(s.fullName()) || FACTORIES.contains(s.fullName())) {
                    continue;
                }
                for (String used : uses.get(s.fullName())) {
                    if (startsBecause.containsKey(used)) {
                        startsBecause.put(s.fullName(), "through " + used.substring(used.lastIndexOf('.') + 1));
                        grew = true;
                        break;
                    }
                }
            }
        }
    }

    @Test
    void everyTestClassThatStartsAProcessOrAServerIsTaggedIntegration() {
        Set<String> untagged = new TreeSet<>();
        for (JavaSource s : testClasses()) {
            if (startsBecause.containsKey(s.fullName()) && !tagged(s)) {
                untagged.add(s.module + ": " + s.fullName() + " (" + startsBecause.get(s.fullName()) + ")");
            }
        }
        assertEquals(Set.of(), untagged, "these test classes start a process or a server: annotate each (or a"
                + " superclass) with @Tag(\"integration\") from org.junit.jupiter.api.Tag; see docs/testing.md");
    }

    /** The guard would pass vacuously if it read nothing or recognised nothing: it must see what is known. */
    @Test
    void theGuardRecognisesKnownStartersAndNonStarters() {
        assertTrue(testClasses().size() > 200, "test classes found: " + testClasses().size());
        assertTrue(startsBecause.containsKey("org.opensrm.testkit.GridFtpServerProcess"));
        assertTrue(startsBecause.containsKey("org.opensrm.testkit.SrmClients"));
        assertTrue(startsBecause.containsKey("org.opensrm.testkit.PostgresCluster"));
        assertTrue(startsBecause.containsKey("org.opensrm.testkit.GridFtpServerProcessTest"));
        assertTrue(tagged(sources.get("org.opensrm.testkit.GridFtpServerProcessTest")));
        assertFalse(startsBecause.containsKey("org.opensrm.testkit.split.IntegrationTagGuardTest"));
        assertFalse(startsBecause.containsKey("org.opensrm.testkit.TestGrid"));
    }

    private static List<JavaSource> testClasses() {
        if (testClasses != null) {
            return testClasses;
        }
        List<JavaSource> out = new ArrayList<>();
        for (JavaSource s : sources.values()) {
            if (s.file.toString().contains("/src/test/java/") && TEST_CLASS_NAME.matcher(s.simpleName).matches()
                    && !s.isAbstract() && hasTests(s, new HashSet<>())) {
                out.add(s);
            }
        }
        testClasses = List.copyOf(out);
        return testClasses;
    }

    private static boolean hasTests(JavaSource s, Set<String> seen) {
        if (!seen.add(s.fullName())) {
            return false;
        }
        return s.declaresTests() || superclass(s).map(sup -> hasTests(sup, seen)).orElse(false);
    }

    private static boolean tagged(JavaSource s) {
        Set<String> seen = new HashSet<>();
        for (JavaSource c = s; c != null && seen.add(c.fullName()); c = superclass(c).orElse(null)) {
            if (c.taggedIntegration()) {
                return true;
            }
        }
        return false;
    }

    private static Optional<JavaSource> superclass(JavaSource s) {
        return s.superclass().flatMap(name -> resolve(s, name));
    }

    /** Why {@code s} starts something by itself, if it does. */
    private static Optional<String> reason(JavaSource s) {
        for (String name : STARTERS) {
            if (s.names.contains(name) && !(name.equals("ProcessBuilder") && HOST_LOOKUPS.contains(s.fullName()))) {
                return Optional.of(name);
            }
        }
        for (Pattern p : STARTING_CALLS) {
            if (p.matcher(s.text).find()) {
                return Optional.of(p.pattern().replace("\\", ""));
            }
        }
        return Optional.empty();
    }

    /** The read classes that {@code s} names (by simple name, resolved as the compiler would, roughly). */
    private static Set<String> used(JavaSource s) {
        Set<String> out = new HashSet<>();
        for (String name : s.names) {
            if (Character.isUpperCase(name.charAt(0)) && !name.equals(s.simpleName)) {
                resolve(s, name).ifPresent(r -> out.add(r.fullName()));
            }
        }
        return out;
    }

    private static Optional<JavaSource> resolve(JavaSource from, String name) {
        for (String candidate : from.candidates(name)) {
            JavaSource s = sources.get(candidate);
            if (s != null) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** The test sources of every module, and the test kit's own sources (build output and run state skipped). */
    private static List<Path> sourceFiles(Path root) throws IOException {
        List<Path> out = new ArrayList<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                boolean skip = !dir.equals(root) && (name.startsWith(".") || name.equals("target")
                        || root.relativize(dir).toString().equals("var"));
                return skip ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                String p = root.relativize(file).toString();
                if (p.endsWith(".java") && (p.contains("/src/test/java/") || p.startsWith("testkit/src/main/java/"))) {
                    out.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return out;
    }

    private static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("bin/run-tests")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                return p;
            }
        }
        throw new IllegalStateException("no bin/run-tests above " + Path.of("").toAbsolutePath());
    }
}
