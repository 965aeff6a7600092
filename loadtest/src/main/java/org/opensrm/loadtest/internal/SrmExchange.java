package org.opensrm.loadtest.internal;

import java.io.IOException;

import org.opensrm.client.HttpgResponse;

/** Sends one SOAP call and classifies the failures common to every operation. Not thread-safe: one per client. */
public final class SrmExchange {
    private final SoapChannel channel;
    private final SrmReplyParser parser = new SrmReplyParser();

    /** Either a reply to look at, or the outcome that already ended the request. */
    public record Result(SrmReply reply, Outcome failure) {
        public boolean failed() {
            return failure != null;
        }
    }

    public SrmExchange(SoapChannel channel) {
        this.channel = channel;
    }

    /**
     * @param requestStatusOnly stop parsing once the request status is known (see {@link SrmReplyParser})
     */
    public Result send(SoapCall call, boolean requestStatusOnly) {
        HttpgResponse response;
        try {
            response = channel.call(call);
        } catch (IOException | RuntimeException e) {
            Throwable what = e instanceof ConnectFailure && e.getCause() != null ? e.getCause() : e;
            return new Result(null, new Outcome(OutcomeKind.CONN_ERROR,
                    call.operation() + " " + what.getClass().getSimpleName(), 0));
        }
        if (response.status() != 200) {
            return new Result(null, new Outcome(OutcomeKind.HTTP_ERROR,
                    call.operation() + " HTTP " + response.status(), response.status()));
        }
        SrmReply reply = parser.parse(response.bodyStream(), requestStatusOnly);
        if (reply.fault()) {
            return new Result(reply, Outcome.srmOther(call.operation() + " SOAP_FAULT"));
        }
        if (reply.requestStatus() == null && reply.versionInfo() == null) {
            return new Result(reply, new Outcome(OutcomeKind.MALFORMED, call.operation() + " MALFORMED", 200));
        }
        return new Result(reply, null);
    }

    public SoapChannel channel() {
        return channel;
    }
}
