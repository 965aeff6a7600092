package org.opensrm.authz.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.opensrm.authz.BanList;
import org.opensrm.authz.ClientIdentity;

/** A {@link BanList} read from a file and re-read when the file changes. */
public final class FileBanList implements BanList {
    private final ReloadingFile<BannedIdentities> banned;

    public FileBanList(Path file, Duration checkInterval) {
        this.banned = new ReloadingFile<>("ban list", file, new BanListParser(), checkInterval);
    }

    @Override
    public Optional<String> banOf(ClientIdentity client) {
        return banned.get().banOf(client);
    }

    @Override
    public Optional<String> banOfToken(String iss, String sub) {
        return banned.get().banOfToken(iss, sub);
    }

    @Override
    public String toString() {
        return "ban list " + banned.file();
    }
}
