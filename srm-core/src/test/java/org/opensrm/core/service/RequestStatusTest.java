package org.opensrm.core.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmStatus;

class RequestStatusTest {
    private static SrmStatus of(SrmStatus success, SrmStatus... files) {
        return RequestStatus.of(List.of(files), Function.identity(), success);
    }

    @Test
    void allFilesSucceededGivesTheSuccessStatus() {
        assertEquals(SrmStatus.SRM_SUCCESS, of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_SUCCESS, SrmStatus.SRM_SUCCESS));
        assertEquals(SrmStatus.SRM_SUCCESS,
                of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_FILE_PINNED, SrmStatus.SRM_SPACE_AVAILABLE));
        assertEquals(SrmStatus.SRM_DONE, of(SrmStatus.SRM_DONE, SrmStatus.SRM_SUCCESS));
    }

    @Test
    void someFilesSucceededGivesPartialSuccess() {
        assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS,
                of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_FILE_PINNED, SrmStatus.SRM_INVALID_PATH));
        assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS,
                of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_AUTHORIZATION_FAILURE, SrmStatus.SRM_INVALID_PATH,
                        SrmStatus.SRM_SUCCESS));
    }

    @Test
    void allFilesFailedAlikeGivesFailure() {
        assertEquals(SrmStatus.SRM_FAILURE,
                of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_INVALID_PATH, SrmStatus.SRM_INVALID_PATH));
        assertEquals(SrmStatus.SRM_FAILURE, of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_AUTHORIZATION_FAILURE));
    }

    @Test
    void allFilesFailedDifferentlyGivesFailure() {
        assertEquals(SrmStatus.SRM_FAILURE,
                of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_INVALID_PATH, SrmStatus.SRM_DUPLICATION_ERROR));
        assertEquals(SrmStatus.SRM_FAILURE, of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_INVALID_PATH,
                SrmStatus.SRM_INVALID_PATH, SrmStatus.SRM_AUTHORIZATION_FAILURE));
    }

    @Test
    void allFilesFailedForATransientReasonOfTheServerGivesInternalError() {
        assertEquals(SrmStatus.SRM_INTERNAL_ERROR,
                of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_INTERNAL_ERROR, SrmStatus.SRM_INTERNAL_ERROR));
        assertEquals(SrmStatus.SRM_FAILURE,
                of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_INTERNAL_ERROR, SrmStatus.SRM_INVALID_PATH));
        assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS,
                of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_INTERNAL_ERROR, SrmStatus.SRM_FILE_PINNED));
    }

    @Test
    void aStatusCallAboutAbortedFilesOnlyIsAborted() {
        assertEquals(SrmStatus.SRM_ABORTED, RequestStatus.ofStatusCall(
                List.of(SrmStatus.SRM_ABORTED, SrmStatus.SRM_ABORTED), Function.identity(), SrmStatus.SRM_SUCCESS));
        assertEquals(SrmStatus.SRM_FAILURE, RequestStatus.ofStatusCall(
                List.of(SrmStatus.SRM_ABORTED, SrmStatus.SRM_INVALID_PATH), Function.identity(), SrmStatus.SRM_SUCCESS));
        assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS, RequestStatus.ofStatusCall(
                List.of(SrmStatus.SRM_ABORTED, SrmStatus.SRM_SPACE_AVAILABLE), Function.identity(),
                SrmStatus.SRM_SUCCESS));
    }

    @Test
    void noFilesIsAnInvalidRequest() {
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, of(SrmStatus.SRM_SUCCESS));
    }
}
