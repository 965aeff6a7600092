package org.opensrm.core.full;

import java.util.List;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.core.Request;
import org.opensrm.core.RequestStore;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.FileOutcome;
import org.opensrm.core.service.RequestControl;
import org.opensrm.core.service.RequestSummary;
import org.opensrm.core.service.RequestTokenInfo;

/**
 * Full mode's request control as clients reach it: {@link QueuedRequestControl}, and after an abort or an
 * extension of a put, the upload journal brought in step ({@link QueuedPutService#journalChanged}), so that an
 * aborted put's target is free at once and an extended TURL's upload is not removed at its first expiry.
 */
final class JournalingControl implements RequestControl {
    private final RequestControl control;
    private final QueuedPutService puts;
    private final RequestStore store;

    JournalingControl(RequestControl control, QueuedPutService puts, RequestStore store) {
        this.control = control;
        this.puts = puts;
        this.store = store;
    }

    @Override
    public List<FileOutcome> abort(Caller caller, String token, List<String> subset) throws SrmException {
        List<FileOutcome> out = control.abort(caller, token, subset);
        journalChanged(token);
        return out;
    }

    @Override
    public List<FileOutcome> release(Caller caller, String token, List<String> surls) throws SrmException {
        return control.release(caller, token, surls);
    }

    @Override
    public List<ExtendedLifetime> extend(Caller caller, String token, List<String> surls, Integer newPinSeconds)
            throws SrmException {
        List<ExtendedLifetime> out = control.extend(caller, token, surls, newPinSeconds);
        if (token != null && !token.isBlank()) {
            journalChanged(token);
        }
        return out;
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

    /** The request was the caller's (request control checked it): its journal follows what is stored now. */
    private void journalChanged(String token) throws SrmException {
        Request r = store.load(QueuedRequestControl.tokenOf(token));
        puts.journalChanged(r);
    }
}
