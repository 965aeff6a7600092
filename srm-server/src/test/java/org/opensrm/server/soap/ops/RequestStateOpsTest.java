package org.opensrm.server.soap.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.RequestKind;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.FileOutcome;
import org.opensrm.core.service.RequestControl;
import org.opensrm.server.soap.gen.ArrayOfString;
import org.opensrm.server.soap.gen.SrmGetRequestSummaryRequest;
import org.opensrm.server.soap.gen.SrmGetRequestSummaryResponse;
import org.opensrm.server.soap.gen.SrmGetRequestTokensRequest;
import org.opensrm.server.soap.gen.SrmGetRequestTokensResponse;
import org.opensrm.server.soap.gen.SrmResumeRequestRequest;
import org.opensrm.server.soap.gen.SrmSuspendRequestRequest;
import org.opensrm.server.soap.gen.TRequestSummary;
import org.opensrm.server.soap.gen.TRequestTokenReturn;
import org.slf4j.MDC;

/** srmSuspendRequest, srmResumeRequest, srmGetRequestSummary and srmGetRequestTokens, on a tiny request control. */
class RequestStateOpsTest {
    static final Caller ALICE = caller("/DC=org/DC=example/CN=Alice", "srmuser1", 1001);
    static final Caller BOB = caller("/DC=org/DC=example/CN=Bob", "srmuser2", 1002);
    private static final Instant MONDAY = Instant.parse("2026-11-23T08:30:00Z");
    private static final Instant TUESDAY = Instant.parse("2026-11-24T17:45:12.250Z");

    private final InMemoryRequests control = new InMemoryRequests();

    static Caller caller(String dn, String account, int uid) {
        return new Caller(ClientIdentity.of(dn), new Account(account, uid, uid, Set.of(uid)));
    }

    RequestStateOpsTest() {
        control.add("get-1", new InMemoryRequests.Held(ALICE.dn(), RequestKind.GET, "nightly", MONDAY, 2, 3, 1));
        control.add("bring-2", new InMemoryRequests.Held(ALICE.dn(), RequestKind.BRING_ONLINE, "nightly", TUESDAY,
                0, 4, 0));
        control.add("put-3", new InMemoryRequests.Held(ALICE.dn(), RequestKind.PUT, "upload", TUESDAY, 1, 0, 0));
        control.add("bobs-4", new InMemoryRequests.Held(BOB.dn(), RequestKind.GET, "nightly", MONDAY, 0, 1, 0));
    }

    @AfterEach
    void clearMdc() {
        MDC.clear();
    }

    private static SrmSuspendRequestRequest suspend(String token) {
        SrmSuspendRequestRequest q = new SrmSuspendRequestRequest();
        q.setRequestToken(token);
        return q;
    }

    private static SrmResumeRequestRequest resume(String token) {
        SrmResumeRequestRequest q = new SrmResumeRequestRequest();
        q.setRequestToken(token);
        return q;
    }

    private static SrmGetRequestSummaryRequest summary(String... tokens) {
        SrmGetRequestSummaryRequest q = new SrmGetRequestSummaryRequest();
        ArrayOfString a = new ArrayOfString();
        a.getStringArray().addAll(List.of(tokens));
        q.setArrayOfRequestTokens(a);
        return q;
    }

    private static SrmGetRequestTokensRequest tokens(String description) {
        SrmGetRequestTokensRequest q = new SrmGetRequestTokensRequest();
        q.setUserRequestDescription(description);
        return q;
    }

    @Test
    void suspendAndResumeAnswerSuccessAndActOnTheRequestNamedWithItsTokenInTheMdc() throws Exception {
        assertEquals("SRM_SUCCESS", new SuspendRequestOp(control).handle(ALICE, suspend(" get-1 "))
                .getReturnStatus().getStatusCode());
        assertTrue(control.requests.get("get-1").suspended);
        assertEquals("get-1", MDC.get("token"));
        TRequestSummary suspended = new GetRequestSummaryOp(control).handle(ALICE, summary("get-1"))
                .getArrayOfRequestSummaries().getSummaryArray().get(0);
        assertEquals("SRM_REQUEST_SUSPENDED", suspended.getStatus().getStatusCode());

        assertEquals("SRM_SUCCESS", new ResumeRequestOp(control).handle(ALICE, resume("get-1"))
                .getReturnStatus().getStatusCode());
        assertEquals(false, control.requests.get("get-1").suspended);
    }

    @Test
    void suspendAndResumePassOnTheControlsRefusalAndRequireAToken() {
        SrmException unknown = assertThrows(SrmException.class,
                () -> new SuspendRequestOp(control).handle(ALICE, suspend("no-such")));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, unknown.status());
        SrmException bobs = assertThrows(SrmException.class,
                () -> new SuspendRequestOp(control).handle(ALICE, suspend("bobs-4")));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, bobs.status());
        assertEquals(false, control.requests.get("bobs-4").suspended);
        SrmException finished = assertThrows(SrmException.class,
                () -> new SuspendRequestOp(control).handle(ALICE, suspend("put-3")));
        assertEquals(SrmStatus.SRM_FAILURE, finished.status());
        SrmException notSuspended = assertThrows(SrmException.class,
                () -> new ResumeRequestOp(control).handle(ALICE, resume("bring-2")));
        assertEquals(SrmStatus.SRM_FAILURE, notSuspended.status());
        SrmException missing = assertThrows(SrmException.class,
                () -> new ResumeRequestOp(control).handle(ALICE, resume(" ")));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, missing.status());
        assertEquals("requestToken is missing", missing.getMessage());
    }

    @Test
    void summariesCarryTypeAndCountsInTheOrderAskedAndRefusalsOnlyTheirStatus() throws Exception {
        SrmGetRequestSummaryResponse r = new GetRequestSummaryOp(control)
                .handle(ALICE, summary("bring-2", "no-such", "get-1", "bobs-4"));
        assertEquals("SRM_PARTIAL_SUCCESS", r.getReturnStatus().getStatusCode());
        List<TRequestSummary> s = r.getArrayOfRequestSummaries().getSummaryArray();
        assertEquals(List.of("bring-2", "no-such", "get-1", "bobs-4"),
                s.stream().map(TRequestSummary::getRequestToken).toList());

        assertEquals("BRING_ONLINE", s.get(0).getRequestType());
        assertEquals("SRM_REQUEST_QUEUED", s.get(0).getStatus().getStatusCode());
        assertEquals(List.of(4, 0, 4, 0), counts(s.get(0)));

        assertEquals("PREPARE_TO_GET", s.get(2).getRequestType());
        assertEquals(List.of(6, 2, 3, 1), counts(s.get(2)));
        assertNull(s.get(2).getStatus().getExplanation(), "an empty explanation is left out");

        assertEquals("SRM_INVALID_REQUEST", s.get(1).getStatus().getStatusCode());
        assertEquals("unknown request token", s.get(1).getStatus().getExplanation());
        assertEquals("SRM_AUTHORIZATION_FAILURE", s.get(3).getStatus().getStatusCode());
        for (TRequestSummary refused : List.of(s.get(1), s.get(3))) {
            assertNull(refused.getRequestType());
            assertNull(refused.getTotalNumFilesInRequest());
            assertNull(refused.getNumOfCompletedFiles());
            assertNull(refused.getNumOfWaitingFiles());
            assertNull(refused.getNumOfFailedFiles());
        }
    }

    private static List<Integer> counts(TRequestSummary s) {
        return List.of(s.getTotalNumFilesInRequest(), s.getNumOfCompletedFiles(), s.getNumOfWaitingFiles(),
                s.getNumOfFailedFiles());
    }

    @Test
    void theSummaryCallSucceedsWhenEverySummaryWasRetrievedAndFailsWhenNoneWas() throws Exception {
        GetRequestSummaryOp op = new GetRequestSummaryOp(control);
        assertEquals("SRM_SUCCESS", op.handle(ALICE, summary("get-1", "put-3")).getReturnStatus().getStatusCode());
        assertEquals("SRM_SUCCESS", op.handle(ALICE, summary("put-3")).getArrayOfRequestSummaries()
                .getSummaryArray().get(0).getStatus().getStatusCode());
        assertEquals("SRM_FAILURE", op.handle(ALICE, summary("no-such", "bobs-4")).getReturnStatus().getStatusCode());
        SrmException none = assertThrows(SrmException.class, () -> op.handle(ALICE, summary()));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, none.status());
    }

    @Test
    void everyRequestKindHasItsOwnWsdlRequestType() {
        Set<String> wsdl = Set.of("PREPARE_TO_GET", "PREPARE_TO_PUT", "COPY", "BRING_ONLINE", "RESERVE_SPACE",
                "UPDATE_SPACE", "CHANGE_SPACE_FOR_FILES", "LS");
        assertEquals(wsdl, Arrays.stream(RequestKind.values()).map(GetRequestSummaryOp::requestType)
                .collect(Collectors.toSet()));
        assertEquals("PREPARE_TO_PUT", GetRequestSummaryOp.requestType(RequestKind.PUT));
        assertEquals("LS", GetRequestSummaryOp.requestType(RequestKind.LS));
    }

    @Test
    void tokensAreTheCallersOwnWithTheDescriptionAskedAndTheirCreationTimes() throws Exception {
        GetRequestTokensOp op = new GetRequestTokensOp(control);
        SrmGetRequestTokensResponse nightly = op.handle(ALICE, tokens("nightly"));
        assertEquals("SRM_SUCCESS", nightly.getReturnStatus().getStatusCode());
        List<TRequestTokenReturn> found = nightly.getArrayOfRequestTokens().getTokenArray();
        assertEquals(List.of("get-1", "bring-2"), found.stream().map(TRequestTokenReturn::getRequestToken).toList());
        assertEquals(List.of(MONDAY, TUESDAY), found.stream().map(TRequestTokenReturn::getCreatedAtTime).toList());

        assertEquals(List.of("get-1", "bring-2", "put-3"), op.handle(ALICE, tokens(null)).getArrayOfRequestTokens()
                .getTokenArray().stream().map(TRequestTokenReturn::getRequestToken).toList());
        assertEquals(List.of("bobs-4"), op.handle(BOB, tokens("  ")).getArrayOfRequestTokens()
                .getTokenArray().stream().map(TRequestTokenReturn::getRequestToken).toList());
    }

    @Test
    void findingNothingIsAnsweredAsTheRequestControlSays() {
        GetRequestTokensOp op = new GetRequestTokensOp(control);
        SrmException described = assertThrows(SrmException.class, () -> op.handle(BOB, tokens("upload")));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, described.status());
        assertEquals("no such request", described.getMessage());
        Caller carol = caller("/DC=org/DC=example/CN=Carol", "srmuser3", 1003);
        SrmException none = assertThrows(SrmException.class, () -> op.handle(carol, tokens(null)));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, none.status());
    }

    @Test
    void gatewayModesRequestControlAnswersTheFourStateCallsNotSupportedNamingFullMode() {
        RequestControl gatewayLike = new RequestControl() {
            @Override
            public List<FileOutcome> abort(Caller caller, String token, List<String> subset) {
                return List.of();
            }

            @Override
            public List<FileOutcome> release(Caller caller, String token, List<String> surls) {
                return List.of();
            }

            @Override
            public List<ExtendedLifetime> extend(Caller c, String token, List<String> surls, Integer seconds) {
                return List.of();
            }
        };
        List<org.junit.jupiter.api.function.Executable> calls = List.of(
                () -> new SuspendRequestOp(gatewayLike).handle(ALICE, suspend("t")),
                () -> new ResumeRequestOp(gatewayLike).handle(ALICE, resume("t")),
                () -> new GetRequestSummaryOp(gatewayLike).handle(ALICE, summary("t")),
                () -> new GetRequestTokensOp(gatewayLike).handle(ALICE, tokens("d")));
        for (org.junit.jupiter.api.function.Executable call : calls) {
            SrmException e = assertThrows(SrmException.class, call);
            assertEquals(SrmStatus.SRM_NOT_SUPPORTED, e.status());
            assertTrue(e.getMessage().contains("full mode (srm.mode=full)"), e.getMessage());
        }
    }
}
