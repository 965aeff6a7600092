package org.opensrm.backend.posix.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * uid and gid to name, cached so that a listing does not ask NSS once per entry. A miss asks the JDK for the
 * owner and group names of the entry at hand (one {@code getpwuid}/{@code getgrgid}) and keeps the answer only
 * if the entry still has the same ids afterwards. An id without a name stays numeric. The cache is bounded and
 * starts over when full; renamed accounts are picked up then or on restart.
 */
public final class NameCache {
    private final int capacity;
    private final Map<Integer, String> users = new ConcurrentHashMap<>();
    private final Map<Integer, String> groups = new ConcurrentHashMap<>();

    public NameCache(int capacity) {
        this.capacity = capacity;
    }

    public String user(Attrs a, Path entry) {
        String name = users.get(a.uid());
        if (name == null) {
            lookUp(a, entry);
            name = users.getOrDefault(a.uid(), Integer.toString(a.uid()));
        }
        return name;
    }

    public String group(Attrs a, Path entry) {
        String name = groups.get(a.gid());
        if (name == null) {
            lookUp(a, entry);
            name = groups.getOrDefault(a.gid(), Integer.toString(a.gid()));
        }
        return name;
    }

    private void lookUp(Attrs a, Path entry) {
        try {
            PosixFileAttributes named = Files.readAttributes(entry, PosixFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            Attrs after = Attrs.lstat(entry);
            if (after.uid() == a.uid() && after.gid() == a.gid()) {
                remember(users, a.uid(), named.owner().getName());
                remember(groups, a.gid(), named.group().getName());
            }
        } catch (IOException | UnsupportedOperationException e) {
            // the entry went away or has no names: the caller falls back to the number
        }
    }

    private void remember(Map<Integer, String> cache, int id, String name) {
        if (cache.size() >= capacity) {
            cache.clear();
        }
        cache.put(id, name);
    }
}
