package org.opensrm.backend.posix;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.opensrm.common.Account;

/** The local test accounts, resolved once through {@code id} (so through NSS, as the server would). */
final class TestAccounts {
    static final Account ALICE = lookUp("srmuser1");
    static final Account BOB = lookUp("srmuser2");
    static final Account CAROL = lookUp("srmuser3");
    static final Account ROOT = new Account("root", 0, 0, Set.of(0));
    /** The group srmuser1 and srmuser2 share ({@code bin/setup-test-host}); its gid is whatever this host gave it. */
    static final String SHARED_GROUP = "srmtest";
    static final int SHARED_GID = groupId(SHARED_GROUP);

    private TestAccounts() {
    }

    static Account lookUp(String name) {
        int uid = Integer.parseInt(id("-u", name));
        int gid = Integer.parseInt(id("-g", name));
        Set<Integer> groups = Arrays.stream(id("-G", name).split("\\s+")).map(Integer::valueOf)
                .collect(Collectors.toSet());
        return new Account(name, uid, gid, groups);
    }

    /** A uid ({@code passwd}) or gid ({@code group}) no account or group has on this host, from 54321 up. */
    static int unused(String database) {
        for (int id = 54321; id < 54321 + 10_000; id++) {
            try {
                Process p = new ProcessBuilder("getent", database, Integer.toString(id)).start();
                p.getInputStream().readAllBytes();
                if (p.waitFor() == 2) { // getent: not found
                    return id;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalStateException("no unused id in " + database);
    }

    private static int groupId(String group) {
        String line = run("getent", "group", group);
        return Integer.parseInt(line.split(":")[2]);
    }

    private static String id(String option, String name) {
        return run("id", option, name);
    }

    private static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (p.waitFor() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
