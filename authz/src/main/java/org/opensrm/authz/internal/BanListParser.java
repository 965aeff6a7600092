package org.opensrm.authz.internal;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * Parses a ban list: one DN or VOMS FQAN per line, quoted with {@code "} or {@code '} (backslash escapes) or
 * unquoted (the whole line); blank lines and {@code #} comments ignored. A line is an FQAN when its first
 * {@code /}-separated part has no {@code =} (a VO name, as in {@code /atlas/Role=pilot}); otherwise it is a DN
 * (as in {@code /DC=org/CN=Jane}). A line {@code token ISSUER SUBJECT} bans the bearer tokens of one subject of one
 * issuer (the {@code iss} and {@code sub} claims exactly as the tokens carry them, each quoted or not), e.g.
 * {@code token https://cms-auth.web.cern.ch/ 5e3c2f0a-1b7d-4c1e-9a55-0d2f8a6b9c11}. Lines starting with {@code /}
 * never were anything else, so older lists read as before.
 */
public final class BanListParser implements ReloadingFile.Parser<BannedIdentities> {
    private static final String TOKEN = "token";

    @Override
    public BannedIdentities parse(Path file, String content) throws MalformedFileException {
        Set<String> dns = new HashSet<>();
        Set<String> fqans = new HashSet<>();
        Set<BannedIdentities.TokenSubject> tokens = new HashSet<>();
        String[] lines = content.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            LineCursor cursor = new LineCursor(line, i + 1);
            if (line.startsWith(TOKEN) && line.length() > TOKEN.length()
                    && Character.isWhitespace(line.charAt(TOKEN.length()))) {
                tokens.add(tokenSubject(cursor));
                continue;
            }
            String entry = cursor.atQuote() ? cursor.quoted() : cursor.rest();
            cursor.skipWhitespace();
            if (!cursor.atEnd()) {
                throw new MalformedFileException(i + 1, "text after the closing quote");
            }
            if (!entry.startsWith("/")) {
                throw new MalformedFileException(i + 1, "expected a DN or FQAN starting with '/', or 'token ISSUER"
                        + " SUBJECT'");
            }
            if (isFqan(entry)) {
                fqans.add(Fqans.normalize(entry));
            } else {
                dns.add(Dns.normalize(entry));
            }
        }
        return new BannedIdentities(dns, fqans, tokens);
    }

    private static BannedIdentities.TokenSubject tokenSubject(LineCursor cursor) throws MalformedFileException {
        cursor.word(); // "token"
        String iss = cursor.atEnd() ? "" : cursor.word();
        String sub = cursor.atEnd() ? "" : cursor.word();
        if (iss.isEmpty() || sub.isEmpty()) {
            throw new MalformedFileException(cursor.lineNumber(), "a token ban needs the issuer and the subject:"
                    + " token ISSUER SUBJECT");
        }
        if (!cursor.atEnd()) {
            throw new MalformedFileException(cursor.lineNumber(), "text after the subject of a token ban (quote a"
                    + " subject that has spaces)");
        }
        return new BannedIdentities.TokenSubject(iss, sub);
    }

    private static boolean isFqan(String entry) {
        int end = entry.indexOf('/', 1);
        String first = end < 0 ? entry.substring(1) : entry.substring(1, end);
        return first.indexOf('=') < 0;
    }
}
