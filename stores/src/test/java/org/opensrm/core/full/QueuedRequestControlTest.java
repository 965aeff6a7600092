package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.stores.EmbeddedFixture;
import org.opensrm.core.FileState;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.service.FileOutcome;
import org.opensrm.core.service.RequestControl.ExtendedLifetime;
import org.opensrm.core.service.RequestSummary;
import org.opensrm.core.service.RequestTokenInfo;

/** Full mode's request control over a real POSIX backend and the real embedded store (SRM v2.2, GFD.129 §5). */
class QueuedRequestControlTest {
    private static final byte[] DATA = "half of a file".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path root;
    private EmbeddedFixture fixture;
    private ControlEnv env;
    private QueuedRequestControl control;

    @BeforeEach
    void setUp() throws Exception {
        fixture = new EmbeddedFixture();
        env = new ControlEnv(root, fixture);
        control = env.control;
    }

    @AfterEach
    void tearDown() throws Exception {
        env.close();
        fixture.close();
    }

    private static SrmStatus statusOf(Executable call) {
        return assertThrows(SrmException.class, call).status();
    }

    private static List<SrmStatus> statuses(List<FileOutcome> outcomes) {
        return outcomes.stream().map(FileOutcome::status).toList();
    }

    @Nested
    class SuspendAndResume {
        @Test
        void suspendShowsTheRequestSuspendedTakesItOffTheQueueAndRequeuesFilesInProgress() throws Exception {
            Request r = env.create(RequestKind.GET, env.alice, "/data/a", "/data/b");
            env.start(r, 0);

            control.suspend(env.alice, r.token().value());

            Request now = env.load(r);
            assertEquals(RequestState.SUSPENDED, now.state());
            assertEquals(List.of(FileState.QUEUED, FileState.QUEUED),
                    now.files().stream().map(f -> f.state()).toList());
            assertEquals(SrmStatus.SRM_REQUEST_SUSPENDED,
                    control.summaries(env.alice, List.of(r.token().value())).get(0).status());
            assertFalse(env.queue.holds(r.token()), "nothing of a suspended request may stay queued");
        }

        @Test
        void resumeQueuesTheRequestAgainAndHandsItToTheEngine() throws Exception {
            Request r = env.create(RequestKind.GET, env.alice, "/data/a", "/data/b");
            control.suspend(env.alice, r.token().value());

            control.resume(env.alice, r.token().value());

            assertEquals(RequestState.QUEUED, env.load(r).state());
            assertTrue(env.queue.holds(r.token()));
            assertEquals(2, env.queue.timesEnqueued(r.token()));
        }

        @Test
        void resumeOfARequestWithServedFilesIsInProgress() throws Exception {
            Request r = env.create(RequestKind.GET, env.alice, "/data/a", "/data/b");
            env.serve(r, 0);
            control.suspend(env.alice, r.token().value());
            control.resume(env.alice, r.token().value());
            assertEquals(RequestState.IN_PROGRESS, env.load(r).state());
            assertEquals(FileState.FILE_PINNED, env.load(r).file(0).state());
        }

        @Test
        void suspendingTwiceAndResumingARunningRequestChangeNothing() throws Exception {
            Request r = env.create(RequestKind.GET, env.alice, "/data/a");
            control.resume(env.alice, r.token().value());
            assertEquals(1, env.queue.timesEnqueued(r.token()), "a running request is not queued twice");
            control.suspend(env.alice, r.token().value());
            control.suspend(env.alice, r.token().value());
            assertEquals(RequestState.SUSPENDED, env.load(r).state());
        }

        @Test
        void aFinishedRequestCannotBeSuspendedOrResumed() throws Exception {
            Request r = env.create(RequestKind.GET, env.alice, "/data/a");
            env.serve(r, 0);
            assertEquals(SrmStatus.SRM_FAILURE, statusOf(() -> control.suspend(env.alice, r.token().value())));
            assertEquals(SrmStatus.SRM_FAILURE, statusOf(() -> control.resume(env.alice, r.token().value())));
            assertEquals(RequestState.SUCCESS, env.load(r).state());
        }
    }

    @Nested
    class Abort {
        @Test
        void abortingAQueuedPutLandsNoData() throws Exception {
            Request r = env.create(RequestKind.PUT, env.alice, "/data/new1", "/data/new2");

            List<FileOutcome> out = control.abort(env.alice, r.token().value(), List.of());

            assertEquals(List.of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_SUCCESS), statuses(out));
            Request now = env.load(r);
            assertEquals(RequestState.ABORTED, now.state());
            assertTrue(now.isFinished());
            assertFalse(env.queue.holds(r.token()));
            // the engine can no longer serve the file, so no TURL is ever handed out and nothing is written
            assertThrows(IllegalStateException.class, () -> env.serve(r, 0));
            assertFalse(Files.exists(root.resolve("data/new1")));
            assertFalse(Files.exists(env.upload(env.alice, r, 0)));
        }

        @Test
        void abortingAPutInProgressRemovesItsUpload() throws Exception {
            Request r = env.create(RequestKind.PUT, env.alice, "/data/new1");
            env.serve(r, 0);
            Path upload = env.writeUpload(env.alice, r, 0, DATA);
            assertTrue(Files.exists(upload));

            List<FileOutcome> out = control.abort(env.alice, r.token().value(), List.of());

            assertEquals(List.of(SrmStatus.SRM_SUCCESS), statuses(out));
            assertFalse(Files.exists(upload), "the upload is removed");
            assertFalse(Files.exists(root.resolve("data/new1")), "nothing lands at the target");
            assertEquals(FileState.ABORTED, env.load(r).file(0).state());
        }

        @Test
        void abortFilesAbortsOnlyTheNamedFilesAndRefusesASurlNotInTheRequest() throws Exception {
            Request r = env.create(RequestKind.GET, env.alice, "/data/a", "/data/b");

            List<FileOutcome> out = control.abort(env.alice, r.token().value(),
                    List.of(ControlEnv.surl("/data/a"), ControlEnv.surl("/data/other")));

            assertEquals(List.of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_INVALID_PATH), statuses(out));
            Request now = env.load(r);
            assertEquals(FileState.ABORTED, now.file(0).state());
            assertEquals(FileState.QUEUED, now.file(1).state());
            assertTrue(now.state().isActive());
        }

        @Test
        void abortFilesMatchesSurlsByPathWhateverTheirForm() throws Exception {
            Request r = env.create(RequestKind.GET, env.alice, "/data/a", "/data/b");
            List<FileOutcome> out = control.abort(env.alice, r.token().value(),
                    List.of("srm://" + ControlEnv.HOST + "/data/b"));
            assertEquals(List.of(SrmStatus.SRM_SUCCESS), statuses(out));
            assertEquals(FileState.ABORTED, env.load(r).file(1).state());
        }

        @Test
        void aPutFileAfterPutDoneCannotBeAborted() throws Exception {
            Request r = env.create(RequestKind.PUT, env.alice, "/data/new1", "/data/new2");
            env.serve(r, 0);
            env.putDone(r, 0);

            List<FileOutcome> out = control.abort(env.alice, r.token().value(), List.of());

            assertEquals(List.of(SrmStatus.SRM_FAILURE, SrmStatus.SRM_SUCCESS), statuses(out));
            Request now = env.load(r);
            assertEquals(FileState.SUCCESS, now.file(0).state());
            assertEquals(FileState.ABORTED, now.file(1).state());
        }

        @Test
        void abortingAGetReleasesItsPinsAndABringOnlineItsPin() throws Exception {
            Request get = env.create(RequestKind.GET, env.alice, "/data/a");
            env.serve(get, 0);
            Request bring = env.create(RequestKind.BRING_ONLINE, env.alice, "/data/a");
            env.serve(bring, 0);

            control.abort(env.alice, get.token().value(), List.of());
            control.abort(env.alice, bring.token().value(), List.of());

            assertEquals(RequestState.ABORTED, env.load(get).state());
            assertEquals(FileState.ABORTED, env.load(get).file(0).state());
            assertEquals(RequestState.ABORTED, env.load(bring).state());
            assertEquals(FileState.RELEASED, env.load(bring).file(0).state());
        }

        @Test
        void abortingAFinishedRequestThatHoldsNothingSucceedsAndKeepsItsOutcome() throws Exception {
            Request r = env.create(RequestKind.GET, env.alice, "/data/a");
            env.serve(r, 0);
            control.release(env.alice, r.token().value(), List.of());
            Request before = env.load(r);

            List<FileOutcome> out = control.abort(env.alice, r.token().value(), List.of());
            List<FileOutcome> again = control.abort(env.alice, r.token().value(), List.of());

            assertEquals(List.of(SrmStatus.SRM_SUCCESS), statuses(out));
            assertEquals(List.of(SrmStatus.SRM_SUCCESS), statuses(again));
            assertEquals(before, env.load(r));
            assertEquals(RequestState.SUCCESS, env.load(r).state());
        }
    }

    @Nested
    class Release {
        @Test
        void releaseWithATokenReleasesPinnedFilesOnly() throws Exception {
            Request r = env.create(RequestKind.GET, env.alice, "/data/a", "/data/b", "/data/c");
            env.serve(r, 0);
            env.serve(r, 1);

            List<FileOutcome> out = control.release(env.alice, r.token().value(),
                    List.of(ControlEnv.surl("/data/a"), ControlEnv.surl("/data/c"), ControlEnv.surl("/data/x")));

            assertEquals(List.of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_FAILURE, SrmStatus.SRM_INVALID_PATH),
                    statuses(out));
            Request now = env.load(r);
            assertEquals(FileState.RELEASED, now.file(0).state());
            assertEquals(SrmStatus.SRM_RELEASED, now.file(0).status());
            assertEquals(FileState.FILE_PINNED, now.file(1).state());
            assertEquals(FileState.QUEUED, now.file(2).state());
            assertEquals(List.of(SrmStatus.SRM_SUCCESS), statuses(control.release(env.alice, r.token().value(),
                    List.of(ControlEnv.surl("/data/a")))), "releasing again is no error");
        }

        @Test
        void releaseOfABringOnlineEndsItsPin() throws Exception {
            Request r = env.create(RequestKind.BRING_ONLINE, env.alice, "/data/a");
            env.serve(r, 0);
            assertEquals(FileState.SUCCESS, env.load(r).file(0).state());
            control.release(env.alice, r.token().value(), List.of());
            assertEquals(FileState.RELEASED, env.load(r).file(0).state());
            assertTrue(env.load(r).isFinished());
        }

        @Test
        void releaseDoesNotApplyToAPut() throws Exception {
            Request r = env.create(RequestKind.PUT, env.alice, "/data/new1");
            assertEquals(SrmStatus.SRM_INVALID_REQUEST,
                    statusOf(() -> control.release(env.alice, r.token().value(), List.of())));
        }

        @Test
        void releaseWithoutATokenReleasesTheCallersPinsOnThoseSurlsOnly() throws Exception {
            Files.write(root.resolve("data/a"), DATA);
            Request first = env.create(RequestKind.GET, env.alice, "/data/a", "/data/b");
            Request second = env.create(RequestKind.BRING_ONLINE, env.alice, "/data/a");
            Request bobs = env.create(RequestKind.GET, env.bob, "/data/a");
            for (Request r : List.of(first, second, bobs)) {
                env.serve(r, 0);
            }
            env.serve(first, 1);

            List<FileOutcome> out = control.release(env.alice, null,
                    List.of(ControlEnv.surl("/data/a"), ControlEnv.surl("/data/missing")));

            assertEquals(List.of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_INVALID_PATH), statuses(out));
            assertEquals(FileState.RELEASED, env.load(first).file(0).state());
            assertEquals(FileState.FILE_PINNED, env.load(first).file(1).state());
            assertEquals(FileState.RELEASED, env.load(second).file(0).state());
            assertEquals(FileState.FILE_PINNED, env.load(bobs).file(0).state(), "another user's pin stays");
        }
    }

    @Nested
    class Extend {
        @Test
        void extendGrantsThePinLifetimeAskedFromNowCappedByTheMaximum() throws Exception {
            Request r = env.create(RequestKind.GET, env.alice, "/data/a", "/data/b");
            env.serve(r, 0);
            env.clock.advance(Duration.ofMinutes(5));

            List<ExtendedLifetime> out = control.extend(env.alice, r.token().value(),
                    List.of(ControlEnv.surl("/data/a"), ControlEnv.surl("/data/b"), ControlEnv.surl("/data/x")), 100);

            assertEquals(SrmStatus.SRM_SUCCESS, out.get(0).status());
            assertEquals(100, out.get(0).pinLifetime());
            assertEquals(SrmStatus.SRM_SUCCESS, out.get(1).status(), "a waiting file gets it once served");
            assertEquals(SrmStatus.SRM_INVALID_PATH, out.get(2).status());
            Request now = env.load(r);
            assertEquals(Optional.of(env.clock.instant().plusSeconds(100)), now.file(0).pinExpiresAt());
            assertEquals(Duration.ofSeconds(100), now.file(1).pinLifetime());

            List<ExtendedLifetime> capped = control.extend(env.alice, r.token().value(),
                    List.of(ControlEnv.surl("/data/a")), (int) ControlEnv.MAX_PIN.toSeconds() * 10);
            assertEquals((int) ControlEnv.MAX_PIN.toSeconds(), capped.get(0).pinLifetime());
            assertEquals(Optional.of(env.clock.instant().plus(ControlEnv.MAX_PIN)),
                    env.load(r).file(0).pinExpiresAt());
        }

        @Test
        void aReleasedFileHasNoPinToExtend() throws Exception {
            Request r = env.create(RequestKind.GET, env.alice, "/data/a");
            env.serve(r, 0);
            control.release(env.alice, r.token().value(), List.of());
            List<ExtendedLifetime> out = control.extend(env.alice, r.token().value(), List.of(ControlEnv.surl("/data/a")),
                    100);
            assertEquals(SrmStatus.SRM_RELEASED, out.get(0).status());
            assertEquals(0, out.get(0).pinLifetime(), "no pin time left");
            assertEquals(FileState.RELEASED, env.load(r).file(0).state());
        }

        @Test
        void withoutATokenFilesArePermanent() throws Exception {
            Files.write(root.resolve("data/a"), DATA);
            List<ExtendedLifetime> out = control.extend(env.alice, null,
                    List.of(ControlEnv.surl("/data/a"), ControlEnv.surl("/data/missing")), null);
            assertEquals(SrmStatus.SRM_SUCCESS, out.get(0).status());
            assertEquals(-1, out.get(0).fileLifetime());
            assertEquals(SrmStatus.SRM_INVALID_PATH, out.get(1).status());
        }
    }

    @Nested
    class Summaries {
        @Test
        void countsComeFromTheFiles() throws Exception {
            Request r = env.create(RequestKind.GET, env.alice, "/data/a", "/data/b", "/data/c", "/data/d");
            env.serve(r, 0);
            env.start(r, 1);
            control.abort(env.alice, r.token().value(), List.of(ControlEnv.surl("/data/d")));

            RequestSummary s = control.summaries(env.alice, List.of(r.token().value())).get(0);

            assertEquals(SrmStatus.SRM_REQUEST_INPROGRESS, s.status());
            assertEquals(Optional.of(RequestKind.GET), s.kind());
            assertEquals(4, s.total());
            assertEquals(1, s.completed());
            assertEquals(2, s.waiting());
            assertEquals(1, s.failed());
        }

        @Test
        void eachTokenIsAnsweredOnItsOwn() throws Exception {
            Request mine = env.create(RequestKind.PUT, env.alice, "/data/new1");
            Request bobs = env.create(RequestKind.GET, env.bob, "/data/a");

            List<RequestSummary> out = control.summaries(env.alice,
                    List.of(mine.token().value(), "no-such-token", bobs.token().value(), "bad token"));

            assertEquals(SrmStatus.SRM_REQUEST_QUEUED, out.get(0).status());
            assertEquals(SrmStatus.SRM_INVALID_REQUEST, out.get(1).status());
            RequestSummary refused = out.get(2);
            assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, refused.status());
            assertEquals(Optional.empty(), refused.kind(), "nothing about another user's request is revealed");
            assertEquals(0, refused.total());
            assertEquals(SrmStatus.SRM_INVALID_REQUEST, out.get(3).status());
            assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS, RequestSummary.requestStatus(out));
            assertEquals(SrmStatus.SRM_SUCCESS, RequestSummary.requestStatus(out.subList(0, 1)));
            assertEquals(SrmStatus.SRM_FAILURE, RequestSummary.requestStatus(out.subList(1, 4)));
        }

        @Test
        void finishedRequestsReportTheirOutcome() throws Exception {
            Request r = env.create(RequestKind.GET, env.alice, "/data/a", "/data/b");
            env.serve(r, 0);
            control.abort(env.alice, r.token().value(), List.of(ControlEnv.surl("/data/b")));
            RequestSummary s = control.summaries(env.alice, List.of(r.token().value())).get(0);
            assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS, s.status());
            assertEquals(1, s.completed());
            assertEquals(1, s.failed());
        }
    }

    @Nested
    class Tokens {
        @Test
        void findsTheCallersRequestsByDescriptionAndOnlyTheirs() throws Exception {
            Request a1 = env.create(RequestKind.GET, env.alice, Optional.of("run-1"), Duration.ofHours(1),
                    Duration.ZERO, "/data/a");
            Request a2 = env.create(RequestKind.PUT, env.alice, Optional.of("run-1"), Duration.ofHours(1),
                    Duration.ZERO, "/data/new1");
            Request a3 = env.create(RequestKind.GET, env.alice, Optional.of("run-2"), Duration.ofHours(1),
                    Duration.ZERO, "/data/a");
            Request b1 = env.create(RequestKind.GET, env.bob, Optional.of("run-1"), Duration.ofHours(1),
                    Duration.ZERO, "/data/a");

            List<RequestTokenInfo> run1 = control.tokens(env.alice, Optional.of("run-1"));
            assertEquals(Set.of(a1.token().value(), a2.token().value()), tokenSet(run1));
            assertEquals(a1.createdAt(), run1.stream().filter(i -> i.token().equals(a1.token().value()))
                    .findFirst().orElseThrow().createdAt());
            assertEquals(Set.of(a1.token().value(), a2.token().value(), a3.token().value()),
                    tokenSet(control.tokens(env.alice, Optional.empty())));
            assertEquals(Set.of(b1.token().value()), tokenSet(control.tokens(env.bob, Optional.of("run-1"))));
        }

        @Test
        void noMatchingRequestIsAnInvalidRequest() throws Exception {
            env.create(RequestKind.GET, env.bob, Optional.of("run-1"), Duration.ofHours(1), Duration.ZERO,
                    "/data/a");
            assertEquals(SrmStatus.SRM_INVALID_REQUEST,
                    statusOf(() -> control.tokens(env.alice, Optional.of("run-1"))));
            assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> control.tokens(env.alice, Optional.empty())));
        }

        private Set<String> tokenSet(List<RequestTokenInfo> infos) {
            return infos.stream().map(RequestTokenInfo::token).collect(Collectors.toSet());
        }
    }

    @Nested
    class TokenChecks {
        @Test
        void anotherUsersTokenIsRefusedByEveryCallAndChangesNothing() throws Exception {
            Request r = env.create(RequestKind.GET, env.alice, "/data/a");
            env.serve(r, 0);
            Request before = env.load(r);
            String t = r.token().value();
            List<String> a = List.of(ControlEnv.surl("/data/a"));

            for (Executable call : List.<Executable>of(
                    () -> control.abort(env.bob, t, List.of()),
                    () -> control.abort(env.bob, t, a),
                    () -> control.release(env.bob, t, a),
                    () -> control.extend(env.bob, t, a, 100),
                    () -> control.suspend(env.bob, t),
                    () -> control.resume(env.bob, t))) {
                SrmException e = assertThrows(SrmException.class, call);
                assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
                assertFalse(e.getMessage().contains("/data/a"), e.getMessage());
            }
            assertEquals(before, env.load(r));
        }

        @Test
        void anUnknownOrMalformedTokenIsAnInvalidRequest() {
            for (String t : List.of("unknown-token", "with space", "")) {
                List<String> a = List.of(ControlEnv.surl("/data/a"));
                for (Executable call : List.<Executable>of(
                        () -> control.abort(env.alice, t, List.of()),
                        () -> control.extend(env.alice, t.isEmpty() ? "x" : t, a, 100),
                        () -> control.suspend(env.alice, t),
                        () -> control.resume(env.alice, t))) {
                    assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(call), t);
                }
            }
        }
    }
    /**
     * Full mode makes an owner of a caller one way ({@link org.opensrm.core.service.Caller#owner}), whether it stores a new request or
     * checks a stored one: the request keeps the VOMS FQANs its maker presented (space decisions need them), and
     * ownership is the subject and account alone, so the same user with a renewed proxy carrying other FQANs
     * controls it and another user does not.
     */
    @Nested
    class Owners {
        private org.opensrm.core.service.Caller withFqans(org.opensrm.core.service.Caller who, String... fqans) {
            return new org.opensrm.core.service.Caller(new org.opensrm.authz.ClientIdentity(who.dn(),
                    "/DC=org/DC=example/CN=Test CA", List.of(fqans)), who.account());
        }

        @Test
        void aRequestKeepsItsMakersFqansAndAnswersTheSameUserWithOtherFqans() throws Exception {
            var production = withFqans(env.alice, "/atlas/Role=production", "/atlas");
            var renewed = withFqans(env.alice, "/atlas");
            Request r = env.create(RequestKind.GET, production, Optional.of("fqans"), Duration.ofHours(1),
                    Duration.ofMinutes(10), "/data/a", "/data/b");
            assertEquals(List.of("/atlas/Role=production", "/atlas"), env.load(r).owner().fqans());
            assertEquals(production.owner(), env.load(r).owner());
            env.serve(r, 0);
            env.serve(r, 1);
            String token = r.token().value();

            assertEquals(List.of(token), control.tokens(renewed, Optional.of("fqans")).stream()
                    .map(RequestTokenInfo::token).toList());
            assertEquals(SrmStatus.SRM_SUCCESS, control.summaries(renewed, List.of(token)).get(0).status());
            assertEquals(List.of(SrmStatus.SRM_SUCCESS),
                    statuses(control.release(renewed, token, List.of(ControlEnv.surl("/data/a")))));
            assertEquals(List.of(SrmStatus.SRM_SUCCESS),
                    statuses(control.release(renewed, null, List.of(ControlEnv.surl("/data/b")))));
            assertEquals(List.of(FileState.RELEASED, FileState.RELEASED),
                    env.load(r).files().stream().map(f -> f.state()).toList());
            var bob = withFqans(env.bob, "/atlas/Role=production", "/atlas");
            assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, control.summaries(bob, List.of(token)).get(0).status());
            assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, statusOf(() -> control.abort(bob, token, List.of())));
        }
    }
}
