package org.opensrm.core.service;

import java.util.List;
import org.opensrm.backend.FileStat;
import org.opensrm.common.SrmStatus;

/**
 * One listed path: its status, its metadata when it could be read, the checksum when known, and its listed
 * children (empty when not a directory or not expanded).
 */
public record PathDetail(String path, SrmStatus status, String explanation, FileStat stat, String adler32,
                         List<PathDetail> children) {
    public PathDetail {
        children = List.copyOf(children);
    }

    public static PathDetail failed(String path, SrmStatus status, String explanation) {
        return new PathDetail(path, status, explanation, null, null, List.of());
    }
}
