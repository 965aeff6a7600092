package org.opensrm.authz.gridmap;

import org.opensrm.authz.AccountResolver;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the grid-mapfile authorization reads its files and how often it looks at them. Immutable; made with
 * {@link #builder(Path)}.
 */
public final class GridMapConfig {
    /** Default for {@link #refreshInterval()}. */
    public static final Duration DEFAULT_REFRESH_INTERVAL = Duration.ofSeconds(2);

    private final Path gridMapFile;
    private final Optional<Path> voRoleMapFile;
    private final Optional<Path> banListFile;
    private final Duration refreshInterval;
    private final Duration accountCacheTtl;

    private GridMapConfig(Builder b) {
        this.gridMapFile = b.gridMapFile;
        this.voRoleMapFile = Optional.ofNullable(b.voRoleMapFile);
        this.banListFile = Optional.ofNullable(b.banListFile);
        this.refreshInterval = b.refreshInterval;
        this.accountCacheTtl = b.accountCacheTtl;
    }

    /** @param gridMapFile the grid-mapfile, e.g. {@code /etc/grid-security/grid-mapfile} */
    public static Builder builder(Path gridMapFile) {
        return new Builder(gridMapFile);
    }

    /** Lines {@code "DN" account[,...]} and, optionally, {@code "DN" "FQAN" account[,...]}. */
    public Path gridMapFile() {
        return gridMapFile;
    }

    /** A separate grid-vorolemap ({@code "DN"|* "FQAN" account}), consulted before the grid-mapfile; default none. */
    public Optional<Path> voRoleMapFile() {
        return voRoleMapFile;
    }

    /** DNs and FQANs refused whatever the maps say; default none. */
    public Optional<Path> banListFile() {
        return banListFile;
    }

    /** How often the files are looked at for changes; default {@link #DEFAULT_REFRESH_INTERVAL}. */
    public Duration refreshInterval() {
        return refreshInterval;
    }

    /** How long an account lookup is trusted; default {@link AccountResolver#DEFAULT_TTL}. */
    public Duration accountCacheTtl() {
        return accountCacheTtl;
    }

    @Override
    public String toString() {
        return "GridMapConfig[gridMapFile=" + gridMapFile + ", voRoleMapFile=" + voRoleMapFile + ", banListFile="
                + banListFile + ", refreshInterval=" + refreshInterval + ", accountCacheTtl=" + accountCacheTtl + "]";
    }

    /** Validates on {@link #build()}. */
    public static final class Builder {
        private final Path gridMapFile;
        private Path voRoleMapFile;
        private Path banListFile;
        private Duration refreshInterval = DEFAULT_REFRESH_INTERVAL;
        private Duration accountCacheTtl = AccountResolver.DEFAULT_TTL;

        private Builder(Path gridMapFile) {
            this.gridMapFile = Objects.requireNonNull(gridMapFile, "gridMapFile");
        }

        /** @param file a grid-vorolemap, or null for none */
        public Builder voRoleMapFile(Path file) {
            this.voRoleMapFile = file;
            return this;
        }

        /** @param file a ban list, or null for none */
        public Builder banListFile(Path file) {
            this.banListFile = file;
            return this;
        }

        /** @param interval zero or more; zero looks at the files on every request (tests only) */
        public Builder refreshInterval(Duration interval) {
            this.refreshInterval = Objects.requireNonNull(interval, "refreshInterval");
            return this;
        }

        /** @param ttl zero or more; zero asks the account database on every request */
        public Builder accountCacheTtl(Duration ttl) {
            this.accountCacheTtl = Objects.requireNonNull(ttl, "accountCacheTtl");
            return this;
        }

        /** @throws IllegalArgumentException when a duration is negative */
        public GridMapConfig build() {
            if (refreshInterval.isNegative()) {
                throw new IllegalArgumentException("refreshInterval must not be negative: " + refreshInterval);
            }
            if (accountCacheTtl.isNegative()) {
                throw new IllegalArgumentException("accountCacheTtl must not be negative: " + accountCacheTtl);
            }
            return new GridMapConfig(this);
        }
    }
}
