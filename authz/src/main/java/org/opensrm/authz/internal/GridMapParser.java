package org.opensrm.authz.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Parses grid-mapfile lines {@code "DN" account[,account...]} and grid-vorolemap lines
 * {@code "DN" "FQAN" account[,...]} (DN {@code *} meaning any DN), in any mix. Blank lines and lines starting with
 * {@code #} are ignored. The DN is quoted with {@code "} or {@code '} (backslash escapes the next character), or
 * unquoted, in which case it runs up to the last whitespace before the accounts (or up to a quote that follows
 * whitespace, which opens the FQAN).
 * When a DN (or DN and FQAN) appears twice the first line wins, as in Globus. A line whose only quoted name is a
 * VOMS FQAN ({@code "/cms/Role=production" cmsprod}, the form of LCMAPS' groupmapfile) could never match a DN: it is
 * not used, and said so with its line number. Any other oddity fails the parse.
 */
public final class GridMapParser implements ReloadingFile.Parser<GridMap> {
    private static final Logger LOG = LoggerFactory.getLogger(GridMapParser.class);

    private final Consumer<String> warnings;

    /** Warnings about lines that are not used go to the log. */
    public GridMapParser() {
        this(LOG::warn);
    }

    GridMapParser(Consumer<String> warnings) {
        this.warnings = warnings;
    }

    @Override
    public GridMap parse(Path file, String content) throws MalformedFileException {
        Map<String, List<String>> byDn = new HashMap<>();
        Map<String, List<String>> byDnAndFqan = new HashMap<>();
        String[] lines = content.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            LineCursor cursor = new LineCursor(line, i + 1);
            String dn = readDn(cursor);
            cursor.skipWhitespace();
            String fqan = cursor.atQuote() ? cursor.quoted() : null;
            List<String> accounts = readAccounts(cursor);
            if (fqan == null) {
                if (dn.equals(GridMap.ANY_DN)) {
                    throw new MalformedFileException(cursor.lineNumber(), "'*' is only allowed with an FQAN");
                }
                if (isFqan(dn)) {
                    warnings.accept(file + " line " + cursor.lineNumber() + ": '" + dn + "' is a VOMS FQAN, not a"
                            + " DN; the line is not used (map an FQAN with \"DN\" \"FQAN\" account or"
                            + " \"*\" \"FQAN\" account)");
                    continue;
                }
                putFirst(byDn, Dns.normalize(dn), accounts, file, cursor.lineNumber());
            } else {
                if (!fqan.startsWith("/")) {
                    throw new MalformedFileException(cursor.lineNumber(), "FQAN must start with '/'");
                }
                String key = dn.equals(GridMap.ANY_DN) ? GridMap.ANY_DN : Dns.normalize(dn);
                String dnAndFqan = GridMap.key(key, Fqans.normalize(fqan));
                putFirst(byDnAndFqan, dnAndFqan, accounts, file, cursor.lineNumber());
            }
        }
        return new GridMap(byDn, byDnAndFqan);
    }

    /** An FQAN ({@code /vo/group/Role=r}) rather than a DN in slash form, whose every part is {@code key=value}. */
    private static boolean isFqan(String name) {
        if (!name.startsWith("/") || name.length() < 2) {
            return false;
        }
        int end = name.indexOf('/', 1);
        String first = end < 0 ? name.substring(1) : name.substring(1, end);
        return !first.isEmpty() && first.indexOf('=') < 0;
    }

    private static String readDn(LineCursor cursor) throws MalformedFileException {
        String dn;
        if (cursor.atQuote()) {
            dn = cursor.quoted();
        } else {
            int quote = cursor.indexOfNextOpeningQuote();
            int end = quote >= 0 ? quote : cursor.indexOfLastWhitespace();
            if (end < 0) {
                throw new MalformedFileException(cursor.lineNumber(), "expected a DN followed by an account");
            }
            dn = cursor.takeUntil(end);
        }
        if (dn.isBlank()) {
            throw new MalformedFileException(cursor.lineNumber(), "empty DN");
        }
        return dn;
    }

    private static List<String> readAccounts(LineCursor cursor) throws MalformedFileException {
        String text = cursor.rest();
        if (text.isEmpty()) {
            throw new MalformedFileException(cursor.lineNumber(), "no account after the DN");
        }
        List<String> accounts = new ArrayList<>();
        for (String name : text.split(",", -1)) {
            String account = name.strip();
            if (!AccountNames.isPlausible(account)) {
                throw new MalformedFileException(cursor.lineNumber(), "not an account name: '" + account + "'");
            }
            accounts.add(account);
        }
        return List.copyOf(accounts);
    }

    private void putFirst(Map<String, List<String>> map, String key, List<String> accounts, Path file, int line) {
        if (map.putIfAbsent(key, accounts) != null) {
            warnings.accept(file + " line " + line + " repeats the DN of an earlier line, which is used instead");
        }
    }
}
