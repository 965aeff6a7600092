package org.opensrm.core.service;

import org.opensrm.backend.AccessRights;
import org.opensrm.common.SrmStatus;

/** srmCheckPermission's answer for one SURL: what the caller may do, or why that is unknown. */
public record AccessReport(String surl, SrmStatus status, String explanation, AccessRights rights) {
}
