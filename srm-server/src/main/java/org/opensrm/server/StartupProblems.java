package org.opensrm.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.opensrm.server.config.ConfigException;

/**
 * The configuration problems the composition root finds while building the server (files the configuration
 * names: host credentials, CA directory, macaroon secret, ban list, grid-mapfile...), collected so that the start
 * reports every one at once, one per line, as {@link org.opensrm.server.config.ServerConfig#from} does for the
 * keys, rather than stopping at the first.
 */
final class StartupProblems {
    /** One step of the building that may find the configuration wrong. */
    @FunctionalInterface
    interface Step<T> {
        T run() throws ConfigException;
    }

    private final List<String> problems = new ArrayList<>();

    /**
     * Runs {@code step}; a problem it finds (a {@link ConfigException}, or a builder's
     * {@link IllegalArgumentException}) is recorded and {@code standIn} returned instead.
     */
    <T> T check(Step<T> step, T standIn) {
        try {
            return step.run();
        } catch (ConfigException e) {
            problems.addAll(e.problems());
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
        }
        return standIn;
    }

    /** Records a problem unless {@code file} is a readable regular file. */
    void requireReadableFile(Path file, String key, String what) {
        if (!Files.isRegularFile(file)) {
            problems.add("configuration key '" + key + "': the " + what + " " + file + " does not exist");
        } else if (!opens(file)) {
            problems.add("configuration key '" + key + "': the server may not read the " + what + " " + file);
        }
    }

    /** Records a problem unless {@code dir} is a readable directory. */
    void requireReadableDirectory(Path dir, String key, String what) {
        if (!Files.isDirectory(dir)) {
            problems.add("configuration key '" + key + "': the " + what + " " + dir + " is not a directory");
        } else if (!opens(dir)) {
            problems.add("configuration key '" + key + "': the server may not read the " + what + " " + dir);
        }
    }

    boolean any() {
        return !problems.isEmpty();
    }

    /** @throws ConfigException naming every problem recorded, one per line, if there is one */
    void failIfAny() throws ConfigException {
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
    }

    /**
     * Whether this process can open {@code path} for reading (a directory: list it). Tried, not asked of
     * {@code access(2)}: a server that reads root's 0600 host key through CAP_DAC_OVERRIDE (the Debian unit) is
     * told no by {@code access}, which checks the real user only.
     */
    private static boolean opens(Path path) {
        try {
            if (Files.isDirectory(path)) {
                try (var entries = Files.newDirectoryStream(path)) {
                    return entries != null;
                }
            }
            try (var in = Files.newByteChannel(path)) {
                return in.isOpen();
            }
        } catch (java.io.IOException | SecurityException e) {
            return false;
        }
    }
}
