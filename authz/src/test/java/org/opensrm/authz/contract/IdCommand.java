package org.opensrm.authz.contract;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.opensrm.common.Account;

/** What the {@code id} command says of an account: the expected answer of any authorizer or resolver. */
public final class IdCommand {
    private IdCommand() {
    }

    public static Account account(String name) {
        int uid = Integer.parseInt(run("id", "-u", name));
        int gid = Integer.parseInt(run("id", "-g", name));
        Set<Integer> groups = Arrays.stream(run("id", "-G", name).split("\\s+"))
                .map(Integer::valueOf).collect(Collectors.toSet());
        return new Account(run("id", "-un", name), uid, gid, groups);
    }

    private static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.waitFor() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command[0], e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
