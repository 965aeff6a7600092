package org.opensrm.server.config;

import java.util.List;

/**
 * A configuration that cannot run; the message names the key or file and says what is wrong. One exception may
 * carry several problems (every one found in a configuration), one per line of its message.
 */
public class ConfigException extends Exception {
    private static final long serialVersionUID = 1L;
    private final List<String> problems;

    public ConfigException(String message) {
        super(message);
        this.problems = List.of(message);
    }

    /** Several problems at once; the message is one per line. */
    public ConfigException(List<String> problems) {
        super(String.join("\n", problems));
        this.problems = List.copyOf(problems);
    }

    /** Each problem on its own. */
    public List<String> problems() {
        return problems;
    }
}
