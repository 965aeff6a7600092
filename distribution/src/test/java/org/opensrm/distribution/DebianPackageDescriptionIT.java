package org.opensrm.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 22, point 16: the Debian package {@code mvn package} made says what the package is now, as
 * {@code dpkg-deb} reads it from the package: both modes, and what full mode adds (space reservation, srmCopy).
 */
class DebianPackageDescriptionIT {
    @Test
    void theDescriptionNamesBothModesAndWhatFullModeAdds() throws Exception {
        Path deb;
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            List<Path> debs = files.filter(p -> p.getFileName().toString().matches("opensrm_.*_all\\.deb")).toList();
            assertEquals(1, debs.size(), "one package in target/: " + debs);
            deb = debs.get(0).toAbsolutePath();
        }
        Command field = Command.run(Path.of("/"), Map.of(), List.of("dpkg-deb", "-f", deb.toString(), "Description"));
        assertTrue(field.ok(), field.describe());
        String description = field.output();
        String summary = description.lines().findFirst().orElse("");
        assertTrue(summary.contains("gateway") && summary.contains("full"), summary);
        assertFalse(summary.contains("(gateway mode)"), "no longer a gateway-only package: " + summary);
        for (String feature : List.of("full mode", "space reservation", "srmCopy", "PostgreSQL", "bearer tokens",
                "GUMS")) {
            assertTrue(description.contains(feature), () -> "'" + feature + "' in " + description);
        }
    }
}
