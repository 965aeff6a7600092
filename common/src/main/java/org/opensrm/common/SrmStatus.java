package org.opensrm.common;

/**
 * The SRM v2.2 status codes ({@code TStatusCode}), as the core speaks them. The web-service edge maps these
 * one-to-one onto the wire names, which are the constant names.
 */
public enum SrmStatus {
    SRM_SUCCESS,
    SRM_FAILURE,
    SRM_AUTHENTICATION_FAILURE,
    SRM_AUTHORIZATION_FAILURE,
    SRM_INVALID_REQUEST,
    SRM_INVALID_PATH,
    SRM_FILE_LIFETIME_EXPIRED,
    SRM_SPACE_LIFETIME_EXPIRED,
    SRM_EXCEED_ALLOCATION,
    SRM_NO_USER_SPACE,
    SRM_NO_FREE_SPACE,
    SRM_DUPLICATION_ERROR,
    SRM_NON_EMPTY_DIRECTORY,
    SRM_TOO_MANY_RESULTS,
    SRM_INTERNAL_ERROR,
    SRM_FATAL_INTERNAL_ERROR,
    SRM_NOT_SUPPORTED,
    SRM_REQUEST_QUEUED,
    SRM_REQUEST_INPROGRESS,
    SRM_REQUEST_SUSPENDED,
    SRM_ABORTED,
    SRM_RELEASED,
    SRM_FILE_PINNED,
    SRM_FILE_IN_CACHE,
    SRM_SPACE_AVAILABLE,
    SRM_LOWER_SPACE_GRANTED,
    SRM_DONE,
    SRM_PARTIAL_SUCCESS,
    SRM_REQUEST_TIMED_OUT,
    SRM_LAST_COPY,
    SRM_FILE_BUSY,
    SRM_FILE_LOST,
    SRM_FILE_UNAVAILABLE,
    SRM_CUSTOM_STATUS;

    /** True for the codes that mean a file-level operation went through. */
    public boolean isSuccess() {
        return this == SRM_SUCCESS || this == SRM_DONE || this == SRM_FILE_PINNED || this == SRM_SPACE_AVAILABLE
                || this == SRM_RELEASED || this == SRM_FILE_IN_CACHE || this == SRM_LOWER_SPACE_GRANTED;
    }
}
