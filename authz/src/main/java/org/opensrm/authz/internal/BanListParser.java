package org.opensrm.authz.internal;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * Parses a ban list: one DN or VOMS FQAN per line, quoted with {@code "} or {@code '} (backslash escapes) or
 * unquoted (the whole line); blank lines and {@code #} comments ignored. A line is an FQAN when its first
 * {@code /}-separated part has no {@code =} (a VO name, as in {@code /atlas/Role=pilot}); otherwise it is a DN
 * (as in {@code /DC=org/CN=Jane}).
 */
public final class BanListParser implements ReloadingFile.Parser<BannedIdentities> {

    @Override
    public BannedIdentities parse(Path file, String content) throws MalformedFileException {
        Set<String> dns = new HashSet<>();
        Set<String> fqans = new HashSet<>();
        String[] lines = content.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            LineCursor cursor = new LineCursor(line, i + 1);
            String entry = cursor.atQuote() ? cursor.quoted() : cursor.rest();
            cursor.skipWhitespace();
            if (!cursor.atEnd()) {
                throw new MalformedFileException(i + 1, "text after the closing quote");
            }
            if (!entry.startsWith("/")) {
                throw new MalformedFileException(i + 1, "expected a DN or FQAN starting with '/'");
            }
            if (isFqan(entry)) {
                fqans.add(Fqans.normalize(entry));
            } else {
                dns.add(Dns.normalize(entry));
            }
        }
        return new BannedIdentities(dns, fqans);
    }

    private static boolean isFqan(String entry) {
        int end = entry.indexOf('/', 1);
        String first = end < 0 ? entry.substring(1) : entry.substring(1, end);
        return first.indexOf('=') < 0;
    }
}
