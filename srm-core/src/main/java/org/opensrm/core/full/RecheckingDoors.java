package org.opensrm.core.full;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.core.FileRequest;
import org.opensrm.core.RequestStore;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.FileOutcome;
import org.opensrm.core.service.RequestControl;
import org.opensrm.core.service.RequestSummary;
import org.opensrm.core.service.RequestTokenInfo;
import org.opensrm.core.service.Transfers;

/**
 * Request control that has the doors of an aborted request's TURLs probed again at once. gfal2 answers a failed
 * transfer with srmAbortRequest and then retries; a door that died in the middle of the transfer must not be chosen
 * for that retry, and the background probe finds it only at its next round ({@code gridftp.probe.interval}). The
 * abort is the only sign the server gets of a failed transfer, so it is the moment to look (a probe of a dead door
 * is refused at once; of a hung one it takes at most {@code gridftp.probe.timeout}).
 */
final class RecheckingDoors implements RequestControl {
    private final RequestControl control;
    private final RequestStore store;
    private final Transfers transfers;

    RecheckingDoors(RequestControl control, RequestStore store, Transfers transfers) {
        this.control = control;
        this.store = store;
        this.transfers = transfers;
    }

    @Override
    public List<FileOutcome> abort(Caller caller, String token, List<String> subset) throws SrmException {
        List<String> turls = turlsOf(token); // before the abort, which ends them
        List<FileOutcome> out = control.abort(caller, token, subset); // checks that the request is the caller's
        turls.forEach(transfers::recheck);
        return out;
    }

    /** The TURLs the request's files hold now; none when it cannot be read (the abort then says why). */
    private List<String> turlsOf(String token) {
        List<String> turls = new ArrayList<>();
        try {
            for (FileRequest f : store.load(QueuedRequestControl.tokenOf(token)).files()) {
                f.turl().filter(t -> !turls.contains(t)).ifPresent(turls::add);
            }
        } catch (SrmException | RuntimeException e) {
            return List.of();
        }
        return turls;
    }

    @Override
    public List<FileOutcome> release(Caller caller, String token, List<String> surls) throws SrmException {
        return control.release(caller, token, surls);
    }

    @Override
    public List<ExtendedLifetime> extend(Caller caller, String token, List<String> surls, Integer newPinSeconds)
            throws SrmException {
        return control.extend(caller, token, surls, newPinSeconds);
    }

    @Override
    public void suspend(Caller caller, String token) throws SrmException {
        control.suspend(caller, token);
    }

    @Override
    public void resume(Caller caller, String token) throws SrmException {
        control.resume(caller, token);
    }

    @Override
    public List<RequestSummary> summaries(Caller caller, List<String> tokens) throws SrmException {
        return control.summaries(caller, tokens);
    }

    @Override
    public List<RequestTokenInfo> tokens(Caller caller, Optional<String> description) throws SrmException {
        return control.tokens(caller, description);
    }
}
