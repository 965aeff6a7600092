package org.opensrm.stores;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.opensrm.core.FileState;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestStore;
import org.opensrm.core.RequestToken;

/** Requests written by a process survive its SIGKILL: a child JVM writes, is killed -9, and the store is read. */
@Tag("integration")
class EmbeddedCrashTest {

    @Test
    void everyRequestAnsweredBeforeSigkillIsThereAfter() throws Exception {
        try (EmbeddedFixture fixture = new EmbeddedFixture()) {
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            Process child = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                    CrashWriter.class.getName(), fixture.dir().toString(), "200")
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            List<String[]> written = new ArrayList<>();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null && !line.equals("READY"); line = out.readLine()) {
                    written.add(line.split(" "));
                }
                out.readLine(); // WRITING (or the end if it died): the child is in the middle of writing more
                child.destroyForcibly(); // SIGKILL
                assertTrue(child.waitFor(30, TimeUnit.SECONDS));
            }
            assertEquals(137, child.exitValue(), "killed by SIGKILL");
            assertEquals(200, written.size());

            try (RequestStore store = fixture.open(Clock.systemUTC())) {
                for (String[] w : written) {
                    Request r = store.load(new RequestToken(w[0]));
                    assertEquals(RequestState.valueOf(w[1]), r.state(), w[0]);
                    assertEquals(FileState.valueOf(w[2]), r.file(0).state(), w[0]);
                    assertEquals(2, r.files().size());
                }
                assertEquals(100, store.tokens(EnumSet.of(RequestState.IN_PROGRESS)).size());
                Request after = store.create(NewRequest.of(RequestKind.GET, Owner.of("/CN=x", "srmuser1"),
                        Duration.ofMinutes(1), List.of(NewFile.of("srm://h/after"))));
                assertEquals(after, store.load(after.token()));
            }
        }
    }
}
