package org.opensrm.core.service;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.Set;
import org.opensrm.common.Account;

/** The host's test accounts as {@code id} reports them, and helpers to make files owned by them. */
public final class LocalAccounts {
    public static final Account SRMUSER1 = byName("srmuser1");
    public static final Account SRMUSER2 = byName("srmuser2");

    private LocalAccounts() {
    }

    public static Account byName(String name) {
        int uid = Integer.parseInt(run("id", "-u", name));
        int gid = Integer.parseInt(run("id", "-g", name));
        Set<Integer> groups = new HashSet<>();
        for (String g : run("id", "-G", name).split("\\s+")) {
            groups.add(Integer.valueOf(g));
        }
        return new Account(name, uid, gid, groups);
    }

    /** Gives {@code p} to {@code owner} with the permission bits {@code perms} (e.g. "rwxr-xr-x"). */
    public static Path own(Path p, Account owner, String perms) throws IOException {
        Files.setAttribute(p, "unix:uid", owner.uid());
        Files.setAttribute(p, "unix:gid", owner.gid());
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(perms));
        return p;
    }

    /** Makes a directory owned by {@code owner}, mode 0755. */
    public static Path dir(Path p, Account owner) throws IOException {
        Files.createDirectories(p);
        return own(p, owner, "rwxr-xr-x");
    }

    /** Writes a file as a transfer by {@code owner} would leave it: its content, owned by the account, 0644. */
    public static Path file(Path p, Account owner, byte[] content) throws IOException {
        Files.write(p, content);
        return own(p, owner, "rw-r--r--");
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
