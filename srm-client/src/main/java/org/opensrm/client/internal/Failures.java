package org.opensrm.client.internal;

import java.util.Locale;

import org.opensrm.common.ControlCharacters;
import org.opensrm.common.SrmStatus;

/**
 * What a failed {@code globus-url-copy} run means: whether trying again may help, and the status and explanation
 * the client sees. Permanent: the source does not exist, a door refused the client (grid-mapfile, credential,
 * permission). Everything else (refused or reset connections, {@code 421 Service busy}, stalls, data-channel
 * errors, a checksum mismatch) is transient and retried.
 */
public final class Failures {
    private static final int MAX_EXPLANATION = 300;
    /** FTP reply 530 (not logged in), at the start of a line or after a space. */
    private static final java.util.regex.Pattern LOGIN_REFUSED = java.util.regex.Pattern.compile("(^|\\s)530[ -]",
            java.util.regex.Pattern.MULTILINE);

    private Failures() {
    }

    /** @param transientError whether another attempt may succeed */
    public record Failure(SrmStatus status, String explanation, boolean transientError) {
    }

    public static Failure of(String output) {
        String text = output.toLowerCase(Locale.ROOT);
        String explanation = explain(output);
        if (text.contains("no such file or directory") || text.contains("file not found")) {
            return new Failure(SrmStatus.SRM_INVALID_PATH, "source or destination not found: " + explanation, false);
        }
        if (LOGIN_REFUSED.matcher(text).find() || text.contains("gridmap") || text.contains("permission denied")
                || text.contains("certificate") || text.contains("authentication") || text.contains("expired")) {
            return new Failure(SrmStatus.SRM_AUTHORIZATION_FAILURE, "refused by a GridFTP door: " + explanation,
                    false);
        }
        if (text.contains("checksum")) {
            return new Failure(SrmStatus.SRM_FAILURE, "checksum (adler32) differs after the copy: " + explanation,
                    true);
        }
        return new Failure(SrmStatus.SRM_FAILURE, "transfer failed: " + explanation, true);
    }

    /** The meaningful lines of the tool's output, on one line, control characters escaped, shortened. */
    static String explain(String output) {
        StringBuilder sb = new StringBuilder();
        for (String line : output.split("\n")) {
            String l = line.strip();
            if (l.isEmpty() || l.equals("500 End.") || l.startsWith("Source:") || l.startsWith("Dest:")) {
                continue;
            }
            if (sb.length() > 0) {
                sb.append(" | ");
            }
            sb.append(l);
        }
        String s = ControlCharacters.escape(sb.toString());
        return s.length() <= MAX_EXPLANATION ? s : "..." + s.substring(s.length() - MAX_EXPLANATION);
    }
}
