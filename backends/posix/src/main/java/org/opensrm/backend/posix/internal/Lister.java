package org.opensrm.backend.posix.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.opensrm.backend.FileStat;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one directory: one {@code readdir} pass, one {@code lstat} per entry (links are reported, not
 * followed), sorted by name. Entries that vanish meanwhile are left out, as are names the SRM namespace
 * cannot hold (a backslash), which are logged.
 */
public final class Lister {
    private static final Logger LOG = LoggerFactory.getLogger(Lister.class);
    private static final Comparator<FileStat> BY_NAME = Comparator.comparing(s -> s.path().name());

    private final StatMaker stats;

    public Lister(StatMaker stats) {
        this.stats = stats;
    }

    /** Lists the real directory {@code dir}, known in the namespace as {@code srmDir}. */
    public List<FileStat> list(SrmPath srmDir, Path dir) throws IOException {
        List<FileStat> result = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                try {
                    result.add(stats.of(srmDir.child(name), entry, Attrs.lstat(entry)));
                } catch (NoSuchFileException e) {
                    LOG.debug("{} vanished while {} was listed", name, srmDir);
                } catch (SrmException e) {
                    LOG.warn("Leaving {} out of the listing of {}: {}", name, srmDir, e.getMessage());
                }
            }
        }
        result.sort(BY_NAME);
        return result;
    }
}
