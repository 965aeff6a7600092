package org.opensrm.stores;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestStore;

/**
 * The child process of {@link EmbeddedCrashTest}: makes requests in an embedded store, prints each token with the
 * state it left it in, prints {@code READY}, then keeps writing until it is killed (saying {@code WRITING} once
 * it is well under way).
 */
public final class CrashWriter {
    private CrashWriter() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int n = Integer.parseInt(args[1]);
        Clock clock = Clock.systemUTC();
        RequestStore store = RequestStores.embedded(dir, clock);
        Owner owner = Owner.of("/DC=org/CN=Crash Test", "srmuser1");
        for (int i = 0; i < n; i++) {
            Request r = store.create(NewRequest.of(RequestKind.GET, owner, Duration.ofHours(1),
                    List.of(NewFile.of("srm://h/a" + i), NewFile.of("srm://h/b" + i))));
            if (i % 2 == 0) {
                r = store.update(r.token(), cur -> cur.withFile(0, f -> f.ready(cur.kind(),
                        Optional.of("gsiftp://d/a"), f.size(), clock.instant()), clock.instant()));
            }
            System.out.println(r.token().value() + " " + r.state() + " " + r.file(0).state());
        }
        System.out.println("READY");
        System.out.flush();
        for (long i = 0; ; i++) {
            store.create(NewRequest.of(RequestKind.PUT, owner, Duration.ofHours(1),
                    List.of(NewFile.of("srm://h/busy" + i))));
            if (i == 50) {
                System.out.println("WRITING");
                System.out.flush();
            }
        }
    }
}
