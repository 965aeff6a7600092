package org.opensrm.core;

/**
 * The kinds of asynchronous SRM v2.2 request, each answered later through its own status operation. A file of a
 * request becomes ready in its kind's {@link #readyState()}.
 */
public enum RequestKind {
    /** srmPrepareToGet: a file becomes ready when it is pinned and has a TURL. */
    GET(FileState.FILE_PINNED),
    /** srmPrepareToPut: a file becomes ready when space is available and it has a TURL. */
    PUT(FileState.SPACE_AVAILABLE),
    /** srmBringOnline: a file becomes ready (SRM_SUCCESS) when it is online, pinned for its pin lifetime. */
    BRING_ONLINE(FileState.SUCCESS),
    /** srmLs answered asynchronously (large or recursive listings). */
    LS(FileState.SUCCESS),
    /** srmCopy. */
    COPY(FileState.SUCCESS),
    /** srmReserveSpace. */
    RESERVE_SPACE(FileState.SUCCESS),
    /** srmUpdateSpace. */
    UPDATE_SPACE(FileState.SUCCESS),
    /** srmChangeSpaceForFiles. */
    CHANGE_SPACE_FOR_FILES(FileState.SUCCESS);

    private final FileState readyState;

    RequestKind(FileState readyState) {
        this.readyState = readyState;
    }

    /** The state a file of this kind of request is in once the client can use it. */
    public FileState readyState() {
        return readyState;
    }
}
