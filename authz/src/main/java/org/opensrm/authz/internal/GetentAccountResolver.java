package org.opensrm.authz.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.opensrm.authz.CachingAccountResolver;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;

/**
 * Asks NSS, as the shell would: {@code getent passwd -- NAME} for uid and primary gid, {@code id -G -- NAME} for
 * every group (which uses {@code getgrouplist}, so it does not enumerate LDAP groups).
 */
public final class GetentAccountResolver extends CachingAccountResolver {
    private static final long TIMEOUT_SECONDS = 10;
    /** {@code getent}'s exit status for "key not found". */
    private static final int GETENT_NOT_FOUND = 2;

    public GetentAccountResolver(Duration ttl) {
        super(ttl);
    }

    @Override
    protected Optional<Account> lookup(String name) throws SrmException {
        Result passwd = run(List.of("getent", "passwd", "--", name));
        if (passwd.exitCode == GETENT_NOT_FOUND) {
            return Optional.empty();
        }
        if (passwd.exitCode != 0) {
            throw SrmException.internal("getent passwd for account " + name + " failed with status "
                    + passwd.exitCode, null);
        }
        String[] fields = passwd.output.strip().split("\n")[0].split(":", -1);
        if (fields.length < 4) {
            throw SrmException.internal("getent passwd gave an unexpected answer for account " + name, null);
        }
        Result groups = run(List.of("id", "-G", "--", fields[0]));
        if (groups.exitCode != 0) {
            throw SrmException.internal("id -G for account " + name + " failed with status " + groups.exitCode,
                    null);
        }
        try {
            int gid = Integer.parseInt(fields[3]);
            Set<Integer> gids = new HashSet<>();
            gids.add(gid);
            for (String g : groups.output.strip().split("\\s+")) {
                gids.add(Integer.parseInt(g));
            }
            return Optional.of(new Account(fields[0], Integer.parseInt(fields[2]), gid, gids));
        } catch (NumberFormatException e) {
            throw SrmException.internal("unexpected uid, gid or group of account " + name, e);
        }
    }

    /**
     * The gid of the group {@code name} ({@code getent group -- NAME}), uncached.
     *
     * @return empty when there is no such group
     * @throws SrmException {@code SRM_INTERNAL_ERROR} when the group database cannot be asked
     */
    public static OptionalInt groupId(String name) throws SrmException {
        if (!AccountNames.isPlausible(name)) {
            return OptionalInt.empty();
        }
        Result group = run(List.of("getent", "group", "--", name));
        if (group.exitCode == GETENT_NOT_FOUND) {
            return OptionalInt.empty();
        }
        String[] fields = group.output.strip().split("\n")[0].split(":", -1);
        if (group.exitCode != 0 || fields.length < 3) {
            throw SrmException.internal("getent group for group " + name + " failed with status " + group.exitCode,
                    null);
        }
        try {
            return OptionalInt.of(Integer.parseInt(fields[2]));
        } catch (NumberFormatException e) {
            throw SrmException.internal("unexpected gid of group " + name, e);
        }
    }

    /**
     * The name of the account with uid {@code uid} ({@code getent passwd -- UID}), uncached.
     *
     * @return empty when no account has it
     * @throws SrmException {@code SRM_INTERNAL_ERROR} when the account database cannot be asked
     */
    public static java.util.Optional<String> accountName(int uid) throws SrmException {
        if (uid < 0) {
            return java.util.Optional.empty();
        }
        Result passwd = run(List.of("getent", "passwd", "--", Integer.toString(uid)));
        if (passwd.exitCode == GETENT_NOT_FOUND) {
            return java.util.Optional.empty();
        }
        String[] fields = passwd.output.strip().split("\n")[0].split(":", -1);
        if (passwd.exitCode != 0 || fields.length < 3 || fields[0].isEmpty()) {
            throw SrmException.internal("getent passwd for uid " + uid + " failed with status " + passwd.exitCode,
                    null);
        }
        return java.util.Optional.of(fields[0]);
    }

    private record Result(int exitCode, String output) {
    }

    private static Result run(List<String> command) throws SrmException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            throw SrmException.internal("cannot run " + command.get(0) + " to look up an account", e);
        }
        // The answers are a line or two, far below a pipe's capacity, so waiting before reading cannot deadlock.
        try (InputStream out = process.getInputStream()) {
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw SrmException.internal(command.get(0) + " did not answer within " + TIMEOUT_SECONDS + " s",
                        null);
            }
            return new Result(process.exitValue(), new String(out.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            process.destroyForcibly();
            throw SrmException.internal("cannot read the answer of " + command.get(0), e);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw SrmException.internal("interrupted while looking up an account", e);
        }
    }
}
