package org.opensrm.core.service;

import org.opensrm.backend.FileStat;
import org.opensrm.common.SrmStatus;

/** srmGetPermission's answer for one SURL: the entry's owner, group and permission bits, or why not. */
public record PermissionReport(String surl, SrmStatus status, String explanation, FileStat stat) {
}
