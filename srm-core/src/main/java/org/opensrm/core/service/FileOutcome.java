package org.opensrm.core.service;

import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/** What happened to one SURL of a request. */
public record FileOutcome(String surl, SrmStatus status, String explanation) {
    public static FileOutcome ok(String surl) {
        return new FileOutcome(surl, SrmStatus.SRM_SUCCESS, null);
    }

    public static FileOutcome failed(String surl, SrmException e) {
        return new FileOutcome(surl, e.status(), e.getMessage());
    }
}
