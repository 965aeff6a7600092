package org.opensrm.server.e2e;

import java.util.List;
import java.util.regex.Pattern;
import org.opensrm.testkit.ClientRun;

/**
 * Reading what the gfal2 command-line tools print. With {@code -v} they write their log lines (WARNING, INFO,
 * DEBUG, {@code event:}) to stdout, mixed with the results; a {@code gfal-ls -l} line ends with a tab.
 */
final class GfalOutput {
    private static final Pattern LOG_LINE = Pattern.compile("^(WARNING|INFO|DEBUG|ERROR|event:|monitor:) ?.*");

    private GfalOutput() {
    }

    /** The result lines of stdout (log lines left out), trimmed, blank ones dropped. */
    static List<String> results(ClientRun run) {
        return run.stdout().lines().filter(l -> !LOG_LINE.matcher(l).matches()).map(String::strip)
                .filter(l -> !l.isEmpty()).toList();
    }
}
