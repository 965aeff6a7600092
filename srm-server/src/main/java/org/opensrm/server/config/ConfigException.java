package org.opensrm.server.config;

/** A configuration that cannot run; the message names the key or file and says what is wrong. */
public class ConfigException extends Exception {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }
}
