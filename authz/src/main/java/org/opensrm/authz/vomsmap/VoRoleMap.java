package org.opensrm.authz.vomsmap;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.opensrm.authz.internal.AccountNames;
import org.opensrm.authz.internal.MalformedFileException;
import org.opensrm.authz.internal.ReloadingFile;

/**
 * One parsed VO role map: lines {@code "FQAN-pattern" account} or {@code "FQAN-pattern" .pool}, first matching
 * line wins; blank lines and {@code #} comments are ignored. Immutable. The token mapper reads its group map
 * ({@code wlcg.groups} patterns) in the same form.
 */
public final class VoRoleMap {
    /** What a line maps to: an account, or ({@code pool} true) the pool whose accounts are leased per DN. */
    public record Target(String name, boolean pool) {
    }

    private record Line(FqanPattern pattern, Target target) {
    }

    private static final Pattern LINE = Pattern.compile("\"(/[^\"]*)\"\\s+(\\.?)(\\S+)");

    private final List<Line> lines;

    private VoRoleMap(List<Line> lines) {
        this.lines = List.copyOf(lines);
    }

    /** The target of the first line whose pattern matches {@code fqan} (an FQAN or a WLCG group). */
    public Optional<Target> targetOf(String fqan) {
        for (Line line : lines) {
            if (line.pattern().matches(fqan)) {
                return Optional.of(line.target());
            }
        }
        return Optional.empty();
    }

    public static final ReloadingFile.Parser<VoRoleMap> PARSER = (Path file, String content) -> {
        List<Line> lines = new ArrayList<>();
        String[] text = content.split("\r?\n", -1);
        for (int i = 0; i < text.length; i++) {
            String line = text[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                throw new MalformedFileException(i + 1, "expected \"FQAN-pattern\" account or \"FQAN-pattern\" .pool");
            }
            if (!AccountNames.isPlausible(m.group(3))) {
                throw new MalformedFileException(i + 1, "not an account or pool name: '" + m.group(3) + "'");
            }
            lines.add(new Line(FqanPattern.parse(m.group(1)), new Target(m.group(3), !m.group(2).isEmpty())));
        }
        return new VoRoleMap(lines);
    };
}
