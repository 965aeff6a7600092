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

    private TestAccounts() {
    }

    static Account lookUp(String name) {
        int uid = Integer.parseInt(id("-u", name));
        int gid = Integer.parseInt(id("-g", name));
        Set<Integer> groups = Arrays.stream(id("-G", name).split("\\s+")).map(Integer::valueOf)
                .collect(Collectors.toSet());
        return new Account(name, uid, gid, groups);
    }

    private static String id(String option, String name) {
        try {
            Process p = new ProcessBuilder("id", option, name).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (p.waitFor() != 0) {
                throw new IllegalStateException("id " + option + " " + name + " failed: " + out);
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
