package org.opensrm.server.config;

import java.util.Objects;

/**
 * One configuration key: its name, its default (null when the default is computed or there is none) and the
 * sentence that documents it. {@link ConfigKeys} lists them all; {@code conf/srm.conf} documents the same set,
 * and a test keeps the two in step.
 */
public record ConfigKey(String name, String defaultValue, String description) {
    public ConfigKey {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
    }
}
