package org.opensrm.backend.hdfs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.opensrm.common.Account;

/** The machine's test accounts (srmuser1, srmuser2: separate primary groups, both in srmtest), from /etc. */
public final class TestAccounts {
    private TestAccounts() {
    }

    public static Account account(String name) {
        try {
            List<String> passwd = Files.readAllLines(Path.of("/etc/passwd"));
            List<String> group = Files.readAllLines(Path.of("/etc/group"));
            String[] pw = passwd.stream().map(l -> l.split(":")).filter(f -> f[0].equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no local account " + name));
            int uid = Integer.parseInt(pw[2]);
            int gid = Integer.parseInt(pw[3]);
            Set<Integer> groups = new HashSet<>(Set.of(gid));
            for (String line : group) {
                String[] g = line.split(":", -1);
                if (g.length == 4 && Set.of(g[3].split(",")).contains(name)) {
                    groups.add(Integer.parseInt(g[2]));
                }
            }
            return new Account(name, uid, gid, groups);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String groupName(int gid) {
        try {
            return Files.readAllLines(Path.of("/etc/group")).stream().map(l -> l.split(":", -1))
                    .filter(g -> g.length == 4 && g[2].equals(Integer.toString(gid))).map(g -> g[0]).findFirst()
                    .orElse(Integer.toString(gid));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
