package org.opensrm.authz.vomsmap;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.opensrm.authz.internal.Dns;
import org.opensrm.common.SrmException;

/**
 * Pool accounts leased in a {@code gridmapdir}, as LCMAPS and the Globus gridmapdir do: the directory holds one
 * empty file per pool account ({@code atlas001}, {@code atlas002}, ...); a DN's lease on an account of pool
 * {@code atlas} is a hard link to that file named after the URL-encoded DN and the pool. A file with one link is
 * free. Leases are permanent (the operator releases one by removing its link) and shared by every server that
 * mounts the directory. Answers are kept in memory once made.
 */
final class PoolAccounts {
    private final Path dir;
    private final Map<String, String> leases = new ConcurrentHashMap<>();

    PoolAccounts(Path dir) {
        this.dir = dir;
    }

    /** @throws SrmException {@code SRM_AUTHORIZATION_FAILURE} when the pool has no free account or none at all */
    String lease(String pool, String dn) throws SrmException {
        String leaseName = URLEncoder.encode(Dns.normalize(dn), StandardCharsets.UTF_8) + ":" + pool;
        String known = leases.get(leaseName);
        if (known != null) {
            return known;
        }
        synchronized (this) {
            try {
                String account = leaseOnDisk(pool, leaseName);
                leases.put(leaseName, account);
                return account;
            } catch (IOException e) {
                throw SrmException.denied("pool account of pool ." + pool + " could not be leased in " + dir + ": "
                        + e.getMessage());
            }
        }
    }

    private String leaseOnDisk(String pool, String leaseName) throws IOException, SrmException {
        Path lease = dir.resolve(leaseName);
        List<Path> accounts = poolFiles(pool);
        if (Files.exists(lease)) {
            Optional<String> leased = accountLinkedTo(lease, accounts);
            if (leased.isPresent()) {
                return leased.get();
            }
            Files.delete(lease);
        }
        for (Path account : accounts) {
            if (((Number) Files.getAttribute(account, "unix:nlink")).intValue() != 1) {
                continue;
            }
            try {
                Files.createLink(lease, account);
                return account.getFileName().toString();
            } catch (FileAlreadyExistsException e) {
                return accountLinkedTo(lease, accounts).orElseThrow(() -> e);
            }
        }
        throw SrmException.denied("pool ." + pool + " has no free account in " + dir);
    }

    private List<Path> poolFiles(String pool) throws IOException {
        Pattern member = Pattern.compile(Pattern.quote(pool) + "[0-9]+");
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                if (member.matcher(f.getFileName().toString()).matches() && Files.isRegularFile(f)) {
                    out.add(f);
                }
            }
        }
        out.sort(null);
        return out;
    }

    private static Optional<String> accountLinkedTo(Path lease, List<Path> accounts) throws IOException {
        for (Path account : accounts) {
            if (Files.isSameFile(lease, account)) {
                return Optional.of(account.getFileName().toString());
            }
        }
        return Optional.empty();
    }
}
