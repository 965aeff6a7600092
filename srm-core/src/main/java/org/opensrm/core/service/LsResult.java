package org.opensrm.core.service;

import java.util.List;
import org.opensrm.common.SrmStatus;

/** The answer to an srmLs: request status (SRM_TOO_MANY_RESULTS when truncated) and one detail per SURL. */
public record LsResult(SrmStatus status, String explanation, List<PathDetail> details) {
}
