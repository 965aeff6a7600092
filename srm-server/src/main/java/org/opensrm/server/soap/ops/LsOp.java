package org.opensrm.server.soap.ops;

import org.opensrm.backend.FileStat;
import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.Lister;
import org.opensrm.core.service.LsOptions;
import org.opensrm.core.service.LsResult;
import org.opensrm.core.service.PathDetail;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.ArrayOfTMetaDataPathDetail;
import org.opensrm.server.soap.gen.SrmLsRequest;
import org.opensrm.server.soap.gen.SrmLsResponse;
import org.opensrm.server.soap.gen.TGroupPermission;
import org.opensrm.server.soap.gen.TMetaDataPathDetail;
import org.opensrm.server.soap.gen.TRetentionPolicyInfo;
import org.opensrm.server.soap.gen.TReturnStatus;
import org.opensrm.server.soap.gen.TUserPermission;

/** srmLs: stat and listing, answered synchronously (never queued, so srmStatusOfLsRequest is never needed). */
public final class LsOp implements SrmOperation<SrmLsRequest, SrmLsResponse> {
    private final Lister lister;

    public LsOp(Lister lister) {
        this.lister = lister;
    }

    @Override
    public String name() {
        return "srmLs";
    }

    @Override
    public SrmLsResponse handle(Caller caller, SrmLsRequest q) throws SrmException {
        Wire.enumValue("fileStorageType", q.getFileStorageType(), "VOLATILE", "DURABLE", "PERMANENT");
        boolean full = Boolean.TRUE.equals(q.isFullDetailedList());
        int levels = Boolean.TRUE.equals(q.isAllLevelRecursive()) ? -1
                : q.getNumOfLevels() == null ? 1 : q.getNumOfLevels();
        int offset = q.getOffset() == null ? 0 : q.getOffset();
        int count = q.getCount() == null ? 0 : q.getCount();
        LsResult result = lister.ls(caller, Wire.urls(q.getArrayOfSURLs()), new LsOptions(full, levels, offset, count));
        SrmLsResponse r = new SrmLsResponse();
        r.setReturnStatus(Wire.status(result.status(), result.explanation()));
        ArrayOfTMetaDataPathDetail details = new ArrayOfTMetaDataPathDetail();
        result.details().forEach(d -> details.getPathDetailArray().add(detail(d, full)));
        r.setDetails(details);
        return r;
    }

    private TMetaDataPathDetail detail(PathDetail d, boolean full) {
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
            ArrayOfTMetaDataPathDetail sub = new ArrayOfTMetaDataPathDetail();
            d.children().forEach(c -> sub.getPathDetailArray().add(detail(c, full)));
            t.setArrayOfSubPaths(sub);
        }
        return t;
    }

    @Override
    public SrmLsResponse failure(TReturnStatus status) {
        SrmLsResponse r = new SrmLsResponse();
        r.setReturnStatus(status);
        return r;
    }
}
