package org.opensrm.authz.vomsmap;

import java.util.regex.Pattern;
import org.opensrm.authz.internal.Fqans;

/**
 * An FQAN pattern of a VO role map, compared with FQANs after both are normalised as in {@code Fqans}
 * ({@code /Role=NULL} and {@code /Capability=...} dropped). {@code *} matches any characters; a trailing
 * {@code /*} also matches nothing, so {@code /cms/*} matches {@code /cms}, {@code /cms/higgs} and
 * {@code /cms/Role=production}, and {@code /cms/Role=production/*} matches {@code /cms/Role=production}.
 * Without {@code *} the FQAN must be equal.
 */
record FqanPattern(String text, Pattern regex) {

    static FqanPattern parse(String text) {
        String normalized = Fqans.normalize(text);
        boolean anyTail = normalized.endsWith("/*");
        String body = anyTail ? normalized.substring(0, normalized.length() - 2) : normalized;
        StringBuilder regex = new StringBuilder();
        for (String literal : body.split("\\*", -1)) {
            if (regex.length() > 0) {
                regex.append(".*");
            }
            regex.append(Pattern.quote(literal));
        }
        if (anyTail) {
            regex.append("(/.*)?");
        }
        return new FqanPattern(text, Pattern.compile(regex.toString()));
    }

    boolean matches(String fqan) {
        return regex.matcher(Fqans.normalize(fqan)).matches();
    }
}
