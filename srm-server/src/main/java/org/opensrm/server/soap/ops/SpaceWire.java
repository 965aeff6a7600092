package org.opensrm.server.soap.ops;

import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.SurlParser;
import org.opensrm.core.space.SpaceFileResult;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.ArrayOfTSURLReturnStatus;
import org.opensrm.server.soap.gen.TRetentionPolicyInfo;
import org.opensrm.server.soap.gen.TSURLReturnStatus;

/**
 * The space operations' side of the edge: sizes as unsigned longs, lifetimes in seconds with -1 for infinite,
 * retention policy info, and per-SURL answers in the order the client sent them.
 */
final class SpaceWire {
    /** The wire's lifetime for "infinite". */
    static final int INFINITE = -1;

    private SpaceWire() {
    }

    /** An optional size in bytes; {@code SRM_INVALID_REQUEST} naming the field beyond 2^63 - 1. */
    static OptionalLong bytes(String field, BigInteger value) throws SrmException {
        if (value == null) {
            return OptionalLong.empty();
        }
        if (value.bitLength() > 63) {
            throw SrmException.invalidRequest(field + " is out of range: " + value);
        }
        return OptionalLong.of(value.longValue());
    }

    static OptionalLong seconds(Integer value) {
        return value == null ? OptionalLong.empty() : OptionalLong.of(value);
    }

    static TRetentionPolicyInfo retention(SpaceReservation r) {
        TRetentionPolicyInfo info = new TRetentionPolicyInfo();
        info.setRetentionPolicy(r.retention().name());
        info.setAccessLatency(r.latency().name());
        return info;
    }

    /** Its whole lifetime in seconds, -1 for infinite. */
    static int lifetimeAssigned(SpaceReservation r) {
        return r.expiresAt().map(e -> clamp(Duration.between(r.createdAt(), e))).orElse(INFINITE);
    }

    /** What is left of it from {@code now}, -1 for infinite, 0 once released or expired. */
    static int lifetimeLeft(SpaceReservation r, Instant now) {
        return r.remainingLifetime(now).map(SpaceWire::clamp).orElse(INFINITE);
    }

    static int lifetime(Optional<Duration> d) {
        return d.map(SpaceWire::clamp).orElse(INFINITE);
    }

    private static int clamp(Duration d) {
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE, d.toSeconds()));
    }

    /** SURLs as paths, or the refusal of each that is not one (mapped to answers in {@link #merge}). */
    record Surls(List<String> sent, List<SrmPath> paths, List<SpaceFileResult> refused) {
    }

    static Surls parse(SurlParser parser, Caller caller, List<String> sent, Access access, boolean required)
            throws SrmException {
        if (required && sent.isEmpty()) {
            throw SrmException.invalidRequest("arrayOfSURLs is empty");
        }
        List<SrmPath> paths = new ArrayList<>();
        List<SpaceFileResult> refused = new ArrayList<>();
        for (String s : sent) {
            try {
                paths.add(parser.parse(s, caller, access));
                refused.add(null);
            } catch (SrmException e) {
                refused.add(new SpaceFileResult(SrmPath.ROOT, e.status(), e.getMessage(), Optional.empty()));
            }
        }
        return new Surls(sent, paths, refused);
    }

    /**
     * The service's answers (one per parsed path, in order) and the refusals, one per SURL sent, in its order; with
     * no SURL sent, the service's answers with their paths.
     */
    static List<Answer> merge(Surls surls, List<SpaceFileResult> results, String surlPrefix) {
        List<Answer> out = new ArrayList<>();
        if (surls.sent().isEmpty()) {
            for (SpaceFileResult r : results) {
                out.add(new Answer(surlPrefix + r.path(), r));
            }
            return out;
        }
        int next = 0;
        for (int i = 0; i < surls.sent().size(); i++) {
            SpaceFileResult r = surls.refused().get(i);
            out.add(new Answer(surls.sent().get(i), r != null ? r : results.get(next++)));
        }
        return out;
    }

    record Answer(String surl, SpaceFileResult result) {
        boolean ok() {
            return result.status() == SrmStatus.SRM_SUCCESS;
        }
    }

    static ArrayOfTSURLReturnStatus statuses(List<Answer> answers) {
        ArrayOfTSURLReturnStatus a = new ArrayOfTSURLReturnStatus();
        for (Answer x : answers) {
            TSURLReturnStatus s = new TSURLReturnStatus();
            s.setSurl(x.surl());
            s.setStatus(Wire.status(x.result().status(), x.result().explanation()));
            a.getStatusArray().add(s);
        }
        return a;
    }

    /** SRM_SUCCESS when every file succeeded, SRM_PARTIAL_SUCCESS when some did, SRM_FAILURE when none did. */
    static SrmStatus overall(List<Answer> answers) {
        long ok = answers.stream().filter(Answer::ok).count();
        return ok == answers.size() ? SrmStatus.SRM_SUCCESS : ok > 0 ? SrmStatus.SRM_PARTIAL_SUCCESS
                : SrmStatus.SRM_FAILURE;
    }
}
