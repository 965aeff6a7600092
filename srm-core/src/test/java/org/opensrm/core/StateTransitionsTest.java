package org.opensrm.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmStatus;

/**
 * Walks both transition tables through the model's own methods: every allowed move works, every other one
 * throws; and each state is reported as its SRM v2.2 status.
 */
class StateTransitionsTest {
    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    private static final Owner ALICE = Owner.of("/CN=Alice", "srmuser1");

    @Test
    void everyFileMoveTheTableAllowsWorksAndEveryOtherThrows() {
        int allowed = 0;
        for (FileState from : FileState.values()) {
            for (FileState to : FileState.values()) {
                FileRequest f = fileIn(from);
                if (StateTransitions.allowed(from, to)) {
                    FileRequest moved = move(f, to);
                    assertEquals(to, moved.state(), from + " -> " + to);
                    allowed++;
                } else {
                    assertThrows(IllegalStateException.class, () -> move(f, to), from + " -> " + to);
                }
            }
        }
        assertEquals(21, allowed, "the table's size (change the table, change this count)");
    }

    @Test
    void everyRequestMoveTheTableAllowsWorksAndEveryOtherThrows() {
        int allowed = 0;
        for (RequestState from : RequestState.values()) {
            for (RequestState to : RequestState.values()) {
                Request r = requestIn(from);
                if (StateTransitions.allowed(from, to)) {
                    assertEquals(to, r.moveTo(to, "", NOW).state(), from + " -> " + to);
                    allowed++;
                } else {
                    assertThrows(IllegalStateException.class, () -> r.moveTo(to, "", NOW), from + " -> " + to);
                }
            }
        }
        assertEquals(21, allowed, "the table's size (change the table, change this count)");
    }

    @Test
    void terminalStatesHaveNoWayOut() {
        assertEquals(EnumSet.of(FileState.RELEASED, FileState.FILE_LIFETIME_EXPIRED, FileState.ABORTED,
                FileState.FAILED), terminal(FileState.values()));
        for (RequestState s : RequestState.values()) {
            assertEquals(s == RequestState.FAILURE || s == RequestState.ABORTED || s == RequestState.TIMED_OUT,
                    s.isTerminal(), s.name());
        }
    }

    @Test
    void eachStateIsReportedAsItsSrmStatus() {
        assertEquals(List.of(SrmStatus.SRM_REQUEST_QUEUED, SrmStatus.SRM_REQUEST_INPROGRESS,
                SrmStatus.SRM_REQUEST_SUSPENDED, SrmStatus.SRM_SUCCESS, SrmStatus.SRM_PARTIAL_SUCCESS,
                SrmStatus.SRM_FAILURE, SrmStatus.SRM_ABORTED, SrmStatus.SRM_REQUEST_TIMED_OUT),
                EnumSet.allOf(RequestState.class).stream().map(RequestState::status).toList());
        assertEquals(List.of(SrmStatus.SRM_REQUEST_QUEUED, SrmStatus.SRM_REQUEST_INPROGRESS,
                SrmStatus.SRM_FILE_PINNED, SrmStatus.SRM_SPACE_AVAILABLE, SrmStatus.SRM_SUCCESS,
                SrmStatus.SRM_RELEASED, SrmStatus.SRM_FILE_LIFETIME_EXPIRED, SrmStatus.SRM_ABORTED,
                SrmStatus.SRM_FAILURE), EnumSet.allOf(FileState.class).stream().map(FileState::status).toList());
        for (RequestState s : RequestState.values()) {
            assertEquals(s.name(), s.status().name().replace("SRM_REQUEST_", "").replace("SRM_", "")
                    .replace("INPROGRESS", "IN_PROGRESS"), "request state and status names line up");
        }
    }

    @Test
    void aFailedFileCarriesItsPreciseCodeButNeverASuccessOrProgressCode() {
        FileRequest f = fileIn(FileState.QUEUED).fail(SrmStatus.SRM_INVALID_PATH, "no such file");
        assertEquals(SrmStatus.SRM_INVALID_PATH, f.status());
        assertThrows(IllegalArgumentException.class, () -> fileIn(FileState.QUEUED).fail(SrmStatus.SRM_SUCCESS, ""));
        assertThrows(IllegalArgumentException.class,
                () -> fileIn(FileState.QUEUED).fail(SrmStatus.SRM_REQUEST_QUEUED, ""));
        assertThrows(IllegalArgumentException.class, () -> fileIn(FileState.QUEUED).moveTo(FileState.FAILED));
    }

    /** A file brought into {@code state} along allowed moves only. */
    static FileRequest fileIn(FileState state) {
        FileRequest f = FileRequest.queued(0, new NewFile("srm://h/f", Optional.empty(), OptionalLong.empty(),
                Duration.ofMinutes(5), Duration.ZERO));
        return switch (state) {
            case QUEUED -> f;
            case FILE_PINNED -> f.ready(RequestKind.GET, Optional.of("gsiftp://d/f"), OptionalLong.of(1), NOW);
            case SPACE_AVAILABLE -> f.ready(RequestKind.PUT, Optional.of("gsiftp://d/f"), OptionalLong.of(1), NOW);
            case SUCCESS -> f.ready(RequestKind.BRING_ONLINE, Optional.empty(), OptionalLong.of(1), NOW);
            case FAILED -> f.fail(SrmStatus.SRM_FAILURE, "broken");
            case RELEASED, FILE_LIFETIME_EXPIRED -> fileIn(FileState.FILE_PINNED).moveTo(state);
            default -> f.moveTo(state);
        };
    }

    private static FileRequest move(FileRequest f, FileState to) {
        return to == FileState.FAILED ? f.fail(SrmStatus.SRM_FILE_BUSY, "busy") : f.moveTo(to);
    }

    /** A one-file get request brought into {@code state} along allowed moves only. */
    static Request requestIn(RequestState state) {
        Request r = Request.create(new RequestToken("t"), NewRequest.of(RequestKind.GET, ALICE, Duration.ofHours(1),
                List.of(NewFile.of("srm://h/f"))), NOW);
        return switch (state) {
            case QUEUED -> r;
            case IN_PROGRESS, SUSPENDED, ABORTED, TIMED_OUT, FAILURE -> r.moveTo(state, "", NOW);
            case SUCCESS -> r.withFile(0, f -> f.ready(RequestKind.GET, Optional.of("gsiftp://d/f"),
                    OptionalLong.empty(), NOW), NOW);
            case PARTIAL_SUCCESS -> Request.create(new RequestToken("t"), NewRequest.of(RequestKind.GET, ALICE,
                    Duration.ofHours(1), List.of(NewFile.of("srm://h/a"), NewFile.of("srm://h/b"))), NOW)
                    .withFile(0, f -> f.ready(RequestKind.GET, Optional.of("gsiftp://d/a"), OptionalLong.empty(),
                            NOW), NOW)
                    .withFile(1, f -> f.fail(SrmStatus.SRM_INVALID_PATH, "missing"), NOW);
        };
    }

    private static Set<FileState> terminal(FileState[] all) {
        EnumSet<FileState> out = EnumSet.noneOf(FileState.class);
        for (FileState s : all) {
            if (s.isTerminal()) {
                out.add(s);
            }
        }
        assertTrue(!out.isEmpty());
        return out;
    }
}
