package org.opensrm.testkit.split;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@link IntegrationTagGuardTest} needs to know of one Java source file, read from its text with comments and
 * literals removed (so that a class named in a javadoc or a message does not count): its package, imports, the
 * names it uses, its superclass, whether it declares tests, whether it is abstract and whether it is tagged
 * {@code @Tag("integration")}. Good enough for the project's own test sources, not a Java parser.
 */
final class JavaSource {
    private static final Pattern PACKAGE = Pattern.compile("\\bpackage\\s+([\\w.]+)\\s*;");
    private static final Pattern IMPORT = Pattern.compile("\\bimport\\s+(static\\s+)?([\\w.]+?)(\\.\\*)?\\s*;");
    private static final Pattern NAME = Pattern.compile("\\b[A-Za-z_$][\\w$]*\\b");
    private static final Pattern TEST = Pattern.compile(
            "@(Test|ParameterizedTest|RepeatedTest|TestFactory|TestTemplate|Nested)\\b");
    private static final Pattern INTEGRATION_TAG = Pattern.compile("@Tag\\(\\s*\"integration\"\\s*\\)");

    final Path file;
    final String module;
    final String simpleName;
    final String packageName;
    final String text;
    final Set<String> names;
    private final boolean taggedIntegration;
    private final Map<String, String> imported = new HashMap<>();
    private final List<String> importedPackages = new ArrayList<>();
    private final int declaration;
    private final String superclass;

    private JavaSource(Path file, String module, String source) {
        String text = withoutComments(source, true);
        this.file = file;
        this.module = module;
        this.simpleName = file.getFileName().toString().replaceFirst("\\.java$", "");
        this.text = text;
        Matcher p = PACKAGE.matcher(text);
        this.packageName = p.find() ? p.group(1) : "";
        Matcher i = IMPORT.matcher(text);
        while (i.find()) {
            if (i.group(1) != null) {
                continue;
            }
            if (i.group(3) != null) {
                importedPackages.add(i.group(2));
            } else {
                imported.put(i.group(2).substring(i.group(2).lastIndexOf('.') + 1), i.group(2));
            }
        }
        this.declaration = declaration(text, simpleName);
        Matcher sup = Pattern.compile("\\bclass\\s+" + Pattern.quote(simpleName) + "\\b[^{]*?\\bextends\\s+([\\w.]+)")
                .matcher(text);
        this.superclass = sup.find() ? sup.group(1) : null;
        Set<String> found = new HashSet<>();
        Matcher n = NAME.matcher(text);
        while (n.find()) {
            found.add(n.group());
        }
        this.names = Set.copyOf(found);
        String withLiterals = withoutComments(source, false);
        Matcher tag = INTEGRATION_TAG.matcher(withLiterals);
        this.taggedIntegration = tag.find() && tag.start() < declaration(withLiterals, simpleName);
    }

    private static int declaration(String text, String simpleName) {
        Matcher d = Pattern.compile("\\b(class|interface|record|enum)\\s+" + Pattern.quote(simpleName) + "\\b")
                .matcher(text);
        return d.find() ? d.start() : text.length();
    }

    static JavaSource read(Path file, String module) throws IOException {
        return new JavaSource(file, module, Files.readString(file, StandardCharsets.UTF_8));
    }

    String fullName() {
        return packageName.isEmpty() ? simpleName : packageName + "." + simpleName;
    }

    /** Declares at least one test method (of its own; inherited ones are the caller's to follow). */
    boolean declaresTests() {
        return TEST.matcher(text).find();
    }

    boolean isAbstract() {
        String head = text.substring(0, declaration);
        int lineStart = head.lastIndexOf('\n') + 1;
        return head.substring(lineStart).contains("abstract") || text.startsWith("interface", declaration);
    }

    /** {@code @Tag("integration")} on the top-level type (an annotation before its declaration). */
    boolean taggedIntegration() {
        return taggedIntegration;
    }

    /** The superclass's simple or qualified name as written, if the top-level class extends one. */
    Optional<String> superclass() {
        return Optional.ofNullable(superclass);
    }

    /** The full names that {@code simple} may stand for here: explicit import, same package, wildcard imports. */
    List<String> candidates(String simple) {
        if (simple.contains(".")) {
            return List.of(simple);
        }
        String explicit = imported.get(simple);
        if (explicit != null) {
            return List.of(explicit);
        }
        List<String> out = new ArrayList<>();
        out.add(packageName.isEmpty() ? simple : packageName + "." + simple);
        for (String p : importedPackages) {
            out.add(p + "." + simple);
        }
        return out;
    }

    /**
     * The text with comments removed and, when {@code literals}, string, text-block and character literals emptied
     * too.
     */
    static String withoutComments(String s, boolean literals) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (s.startsWith("/*", i)) {
                int end = s.indexOf("*/", i + 2);
                i = end < 0 ? s.length() : end + 2;
                out.append(' ');
            } else if (s.startsWith("//", i)) {
                int end = s.indexOf('\n', i);
                i = end < 0 ? s.length() : end;
            } else if (s.startsWith("\"\"\"", i)) {
                int end = s.indexOf("\"\"\"", i + 3);
                int stop = end < 0 ? s.length() : end + 3;
                out.append(literals ? "\"\"" : s.substring(i, stop));
                i = stop;
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < s.length() && s.charAt(j) != c && s.charAt(j) != '\n') {
                    j += s.charAt(j) == '\\' ? 2 : 1;
                }
                int stop = Math.min(j + 1, s.length());
                out.append(literals ? c + "" + c : s.substring(i, stop));
                i = stop;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
