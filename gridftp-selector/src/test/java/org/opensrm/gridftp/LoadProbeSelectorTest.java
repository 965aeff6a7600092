package org.opensrm.gridftp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.gridftp.internal.LoadProbeSelector;
import org.opensrm.gridftp.internal.LoadSnapshot;

/** The request-path policy over rankings given directly (what the prober would have swapped in). */
class LoadProbeSelectorTest {
    private static final GridFtpNode A = new GridFtpNode("a.example.org", 2811);
    private static final GridFtpNode B = new GridFtpNode("b.example.org", 2811);
    private static final GridFtpNode C = new GridFtpNode("c.example.org", 2811);
    private static final List<GridFtpNode> ABC = List.of(A, B, C);

    private final AtomicReference<LoadSnapshot> current = new AtomicReference<>(LoadSnapshot.unprobed(ABC));
    private final LoadProbeSelector selector = new LoadProbeSelector(ABC, NodeHealth.ALWAYS_UP, current::get, 0.10);

    private void set(DoorLoad... doors) {
        current.set(new LoadSnapshot(List.of(doors)));
    }

    private static DoorLoad up(GridFtpNode n, double load) {
        return new DoorLoad(n, DoorState.UP, load, "test");
    }

    private static DoorLoad in(GridFtpNode n, DoorState s) {
        return new DoorLoad(n, s, Double.NaN, "test " + s);
    }

    private Map<GridFtpNode, Integer> count(int calls) throws SrmException {
        Map<GridFtpNode, Integer> counts = new HashMap<>();
        for (int i = 0; i < calls; i++) {
            counts.merge(selector.select(), 1, Integer::sum);
        }
        return counts;
    }

    @Test
    void theMostLoadedDoorIsNeverChosenAndTheOthersShare() throws SrmException {
        set(up(A, 0.9), up(B, 0.1), up(C, 0.3));
        Map<GridFtpNode, Integer> counts = count(3_000);
        assertFalse(counts.containsKey(A), counts.toString());
        // B wins against A and C (2/3 of the pairs), C only against A (1/3)
        assertTrue(counts.get(B) > 1_800 && counts.get(B) < 2_200, counts.toString());
        assertEquals(3_000, counts.get(B) + counts.get(C));
        assertEquals(3_000, selector.choices(B) + selector.choices(C));
    }

    @Test
    void nearTiesAreBrokenAtRandom() throws SrmException {
        set(up(A, 0.9), up(B, 0.50), up(C, 0.52));
        Map<GridFtpNode, Integer> counts = count(3_000);
        // B/C is a tie (within 10 %): each wins half of it, and each beats A
        assertTrue(Math.abs(counts.get(B) - counts.get(C)) < 300, counts.toString());
        assertFalse(counts.containsKey(A), counts.toString());
    }

    @Test
    void idleDoorsAreTiesWhateverTheFraction() throws SrmException {
        set(up(A, 0.0), up(B, 0.001), up(C, 0.004));
        assertEquals(3, count(600).size());
    }

    @Test
    void unknownDoorsServeOnlyWhenNoDoorIsUp() throws SrmException {
        set(up(A, 0.95), in(B, DoorState.UNKNOWN), in(C, DoorState.DEAD));
        assertEquals(Map.of(A, 100), count(100));
        set(in(A, DoorState.FULL), in(B, DoorState.UNKNOWN), in(C, DoorState.DEAD));
        assertEquals(Map.of(B, 100), count(100));
    }

    @Test
    void everyDoorFullOrDeadIsABusyAnswerGfal2Retries() {
        set(in(A, DoorState.FULL), in(B, DoorState.DEAD), in(C, DoorState.FULL));
        NoDoorAvailableException e = assertThrows(NoDoorAvailableException.class, selector::select);
        assertEquals(NoDoorAvailableException.Reason.ALL_BUSY, e.reason());
        assertEquals(SrmStatus.SRM_INTERNAL_ERROR, e.status());
        assertTrue(e.getMessage().startsWith("every GridFTP door is busy, retry later"), e.getMessage());
        assertTrue(e.getMessage().contains(B + " dead"), e.getMessage());
        assertEquals(1, selector.noDoorAnswers());
    }

    @Test
    void everyDoorDeadIsAFailure() {
        set(in(A, DoorState.DEAD), in(B, DoorState.DEAD), in(C, DoorState.DEAD));
        NoDoorAvailableException e = assertThrows(NoDoorAvailableException.class, selector::select);
        assertEquals(NoDoorAvailableException.Reason.ALL_DOWN, e.reason());
        assertEquals(SrmStatus.SRM_FAILURE, e.status());
    }

    @Test
    void aDoorComesBackWithTheNextSnapshot() throws SrmException {
        set(up(A, 0.2), in(B, DoorState.DEAD), up(C, 0.2));
        assertFalse(count(300).containsKey(B));
        set(up(A, 0.2), up(B, 0.0), up(C, 0.2));
        assertTrue(count(300).get(B) > 150);
    }

    @Test
    void aBurstSpreadsOverTheLightDoorsInsteadOfHerdingOntoTheBest() throws SrmException {
        List<GridFtpNode> ten = new ArrayList<>();
        List<DoorLoad> loads = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            GridFtpNode n = new GridFtpNode("d" + i + ".example.org", 2811);
            ten.add(n);
            loads.add(up(n, 0.1 * i));
        }
        LoadProbeSelector s = new LoadProbeSelector(ten, NodeHealth.ALWAYS_UP, () -> new LoadSnapshot(loads), 0.10);
        Map<GridFtpNode, Integer> counts = new HashMap<>();
        for (int i = 0; i < 9_000; i++) {
            counts.merge(s.select(), 1, Integer::sum);
        }
        assertFalse(counts.containsKey(ten.get(9)), "the most loaded door is never chosen");
        assertTrue(counts.get(ten.get(0)) < 9_000 / 3, "the best door takes about 1/5, not all: " + counts);
        assertTrue(counts.get(ten.get(0)) > counts.get(ten.get(4)), counts.toString());
    }
}
