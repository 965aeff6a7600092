package org.opensrm.server.soap.lane;

import static org.opensrm.server.soap.lane.PlainText.BOOLEAN;
import static org.opensrm.server.soap.lane.PlainText.INT;
import static org.opensrm.server.soap.lane.PlainText.STRING;
import static org.opensrm.server.soap.lane.PlainType.many;
import static org.opensrm.server.soap.lane.PlainType.one;

import java.util.Map;
import org.opensrm.server.soap.gen.ArrayOfAnyURI;
import org.opensrm.server.soap.gen.ArrayOfString;
import org.opensrm.server.soap.gen.ArrayOfTExtraInfo;
import org.opensrm.server.soap.gen.ArrayOfTGetFileRequest;
import org.opensrm.server.soap.gen.SrmLsRequest;
import org.opensrm.server.soap.gen.SrmPrepareToGetRequest;
import org.opensrm.server.soap.gen.SrmReleaseFilesRequest;
import org.opensrm.server.soap.gen.SrmStatusOfGetRequestRequest;
import org.opensrm.server.soap.gen.TDirOption;
import org.opensrm.server.soap.gen.TExtraInfo;
import org.opensrm.server.soap.gen.TGetFileRequest;
import org.opensrm.server.soap.gen.TRetentionPolicyInfo;
import org.opensrm.server.soap.gen.TTransferParameters;

/**
 * The requests the lanes read without a parser — srmLs and a get's cycle (srmPrepareToGet, srmStatusOfGetRequest,
 * srmReleaseFiles) — as bindings of their request parts to the generated types JAXB makes of them: each element of
 * the request's type (any order, without attributes but a nillable one's {@code xsi:nil="true"}), read by
 * {@link PlainBody} from the body's bytes. Anything a binding does not know gives {@code null}, and the body goes to
 * JAXB, which judges every case.
 */
final class PlainRequests {
    private static final PlainType<ArrayOfString> STRINGS = new PlainType<>(ArrayOfString::new,
            many("stringArray", STRING, ArrayOfString::getStringArray));
    private static final PlainType<ArrayOfAnyURI> SURLS = new PlainType<>(ArrayOfAnyURI::new,
            many("urlArray", STRING, ArrayOfAnyURI::getUrlArray));
    private static final PlainType<TDirOption> DIR_OPTION = new PlainType<>(TDirOption::new,
            one("isSourceADirectory", BOOLEAN, TDirOption::setIsSourceADirectory),
            one("allLevelRecursive", BOOLEAN, TDirOption::setAllLevelRecursive),
            one("numOfLevels", INT, TDirOption::setNumOfLevels));
    private static final PlainType<ArrayOfTGetFileRequest> FILES = new PlainType<>(ArrayOfTGetFileRequest::new,
            many("requestArray", new PlainType<>(TGetFileRequest::new,
                    one("sourceSURL", STRING, TGetFileRequest::setSourceSURL),
                    one("dirOption", DIR_OPTION, TGetFileRequest::setDirOption)),
                    ArrayOfTGetFileRequest::getRequestArray));
    private static final PlainType<ArrayOfTExtraInfo> EXTRA_INFO = new PlainType<>(ArrayOfTExtraInfo::new,
            many("extraInfoArray", new PlainType<>(TExtraInfo::new,
                    one("key", STRING, TExtraInfo::setKey),
                    one("value", STRING, TExtraInfo::setValue)),
                    ArrayOfTExtraInfo::getExtraInfoArray));
    private static final PlainType<TRetentionPolicyInfo> RETENTION = new PlainType<>(TRetentionPolicyInfo::new,
            one("retentionPolicy", STRING, TRetentionPolicyInfo::setRetentionPolicy),
            one("accessLatency", STRING, TRetentionPolicyInfo::setAccessLatency));
    private static final PlainType<TTransferParameters> TRANSFER = new PlainType<>(TTransferParameters::new,
            one("accessPattern", STRING, TTransferParameters::setAccessPattern),
            one("connectionType", STRING, TTransferParameters::setConnectionType),
            one("arrayOfClientNetworks", STRINGS, TTransferParameters::setArrayOfClientNetworks),
            one("arrayOfTransferProtocols", STRINGS, TTransferParameters::setArrayOfTransferProtocols));

    /** Each operation's request part, by the operation's name. */
    private static final Map<String, PlainType<?>> REQUESTS = Map.of(
            "srmLs", new PlainType<>(SrmLsRequest::new,
                    one("authorizationID", STRING, SrmLsRequest::setAuthorizationID),
                    one("arrayOfSURLs", SURLS, SrmLsRequest::setArrayOfSURLs),
                    one("storageSystemInfo", EXTRA_INFO, SrmLsRequest::setStorageSystemInfo),
                    one("fileStorageType", STRING, SrmLsRequest::setFileStorageType),
                    one("fullDetailedList", BOOLEAN, SrmLsRequest::setFullDetailedList),
                    one("allLevelRecursive", BOOLEAN, SrmLsRequest::setAllLevelRecursive),
                    one("numOfLevels", INT, SrmLsRequest::setNumOfLevels),
                    one("offset", INT, SrmLsRequest::setOffset),
                    one("count", INT, SrmLsRequest::setCount)),
            "srmPrepareToGet", new PlainType<>(SrmPrepareToGetRequest::new,
                    one("authorizationID", STRING, SrmPrepareToGetRequest::setAuthorizationID),
                    one("arrayOfFileRequests", FILES, SrmPrepareToGetRequest::setArrayOfFileRequests),
                    one("userRequestDescription", STRING, SrmPrepareToGetRequest::setUserRequestDescription),
                    one("storageSystemInfo", EXTRA_INFO, SrmPrepareToGetRequest::setStorageSystemInfo),
                    one("desiredFileStorageType", STRING, SrmPrepareToGetRequest::setDesiredFileStorageType),
                    one("desiredTotalRequestTime", INT, SrmPrepareToGetRequest::setDesiredTotalRequestTime),
                    one("desiredPinLifeTime", INT, SrmPrepareToGetRequest::setDesiredPinLifeTime),
                    one("targetSpaceToken", STRING, SrmPrepareToGetRequest::setTargetSpaceToken),
                    one("targetFileRetentionPolicyInfo", RETENTION,
                            SrmPrepareToGetRequest::setTargetFileRetentionPolicyInfo),
                    one("transferParameters", TRANSFER, SrmPrepareToGetRequest::setTransferParameters)),
            "srmStatusOfGetRequest", new PlainType<>(SrmStatusOfGetRequestRequest::new,
                    one("requestToken", STRING, SrmStatusOfGetRequestRequest::setRequestToken),
                    one("authorizationID", STRING, SrmStatusOfGetRequestRequest::setAuthorizationID),
                    one("arrayOfSourceSURLs", SURLS, SrmStatusOfGetRequestRequest::setArrayOfSourceSURLs)),
            "srmReleaseFiles", new PlainType<>(SrmReleaseFilesRequest::new,
                    one("requestToken", STRING, SrmReleaseFilesRequest::setRequestToken),
                    one("authorizationID", STRING, SrmReleaseFilesRequest::setAuthorizationID),
                    one("arrayOfSURLs", SURLS, SrmReleaseFilesRequest::setArrayOfSURLs),
                    one("doRemove", BOOLEAN, SrmReleaseFilesRequest::setDoRemove)));

    private PlainRequests() {
    }

    /** The binding of {@code operation}'s request part; null when the operation has no plain reading. */
    static PlainType<?> of(String operation) {
        return REQUESTS.get(operation);
    }
}
