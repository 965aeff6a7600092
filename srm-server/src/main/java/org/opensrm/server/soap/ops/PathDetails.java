package org.opensrm.server.soap.ops;

import java.util.List;
import org.opensrm.backend.FileStat;
import org.opensrm.core.service.PathDetail;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.ArrayOfTMetaDataPathDetail;
import org.opensrm.server.soap.gen.TGroupPermission;
import org.opensrm.server.soap.gen.TMetaDataPathDetail;
import org.opensrm.server.soap.gen.TRetentionPolicyInfo;
import org.opensrm.server.soap.gen.TUserPermission;

/** The listing entries of srmLs and srmStatusOfLsRequest answers, as the core gives them (its detail level). */
final class PathDetails {
    private PathDetails() {
    }

    static ArrayOfTMetaDataPathDetail of(List<PathDetail> details) {
        ArrayOfTMetaDataPathDetail array = new ArrayOfTMetaDataPathDetail();
        details.forEach(d -> array.getPathDetailArray().add(detail(d)));
        return array;
    }

    private static TMetaDataPathDetail detail(PathDetail d) {
        TMetaDataPathDetail t = new TMetaDataPathDetail();
        t.setPath(d.path());
        t.setStatus(Wire.status(d.status(), d.explanation()));
        FileStat s = d.stat();
        if (s == null) {
            return t;
        }
        t.setType(s.type().name());
        t.setSize(Wire.size(s.isDirectory() ? 0L : s.size()));
        t.setCreatedAtTime(s.created());
        t.setLastModificationTime(s.modified());
        t.setFileLocality(s.isDirectory() ? "NONE" : "ONLINE");
        t.setFileStorageType("PERMANENT");
        t.setLifetimeAssigned(-1);
        t.setLifetimeLeft(-1);
        TRetentionPolicyInfo retention = new TRetentionPolicyInfo();
        retention.setRetentionPolicy("REPLICA");
        retention.setAccessLatency("ONLINE");
        t.setRetentionPolicyInfo(retention);
        TUserPermission owner = new TUserPermission();
        owner.setUserID(s.ownerName());
        owner.setMode(Wire.mode(s.mode().owner()));
        t.setOwnerPermission(owner);
        TGroupPermission group = new TGroupPermission();
        group.setGroupID(s.groupName());
        group.setMode(Wire.mode(s.mode().group()));
        t.setGroupPermission(group);
        t.setOtherPermission(Wire.mode(s.mode().other()));
        if (d.adler32() != null && s.isFile()) {
            t.setCheckSumType("adler32");
            t.setCheckSumValue(d.adler32());
        }
        if (!d.children().isEmpty()) {
            t.setArrayOfSubPaths(of(d.children()));
        }
        return t;
    }
}
