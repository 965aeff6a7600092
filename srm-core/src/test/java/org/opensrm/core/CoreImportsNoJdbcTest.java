package org.opensrm.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * srm-core holds the domain and the engine only (issue 20): no class of its main sources names JDBC
 * ({@code java.sql}, {@code javax.sql}) or a database library (SQLite, PostgreSQL, HikariCP, Flyway), imported or
 * written out in full, and no schema migration is among its resources. The stores are in the stores module.
 */
class CoreImportsNoJdbcTest {
    /** A JDBC or database-library package name, wherever it stands in a line (import or qualified name). */
    static final Pattern JDBC = Pattern.compile(
            "\\b(java\\.sql|javax\\.sql|org\\.sqlite|org\\.postgresql|com\\.zaxxer\\.hikari|org\\.flywaydb)\\.");

    private static final Path MODULE = Path.of(System.getProperty("basedir", "."));

    @Test
    void noMainSourceNamesJdbcOrADatabaseLibrary() throws IOException {
        List<Path> sources = files(MODULE.resolve("src/main/java"), ".java");
        assertTrue(sources.size() > 100, "srm-core's main sources not found under " + MODULE.toAbsolutePath());
        List<String> found = new ArrayList<>();
        for (Path source : sources) {
            List<String> lines = Files.readAllLines(source);
            for (int i = 0; i < lines.size(); i++) {
                if (JDBC.matcher(lines.get(i)).find()) {
                    found.add(MODULE.relativize(source) + ":" + (i + 1) + ": " + lines.get(i).trim());
                }
            }
        }
        assertEquals(List.of(), found);
    }

    @Test
    void noMigrationAmongTheResources() throws IOException {
        Path resources = MODULE.resolve("src/main/resources");
        List<Path> scripts = Files.isDirectory(resources) ? files(resources, ".sql") : List.of();
        assertEquals(List.of(), scripts);
    }

    @Test
    void theCheckSeesWhatItLooksFor() {
        assertTrue(JDBC.matcher("import java.sql.Connection;").find());
        assertTrue(JDBC.matcher("        javax.sql.DataSource source = pool();").find());
        assertTrue(JDBC.matcher("import org.flywaydb.core.Flyway;").find());
        assertFalse(JDBC.matcher("import java.nio.file.Path; // not sql").find());
        assertFalse(JDBC.matcher("import org.opensrm.core.sqlite.Anything;").find());
    }

    private static List<Path> files(Path dir, String suffix) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(p -> p.toString().endsWith(suffix)).sorted().toList();
        }
    }
}
