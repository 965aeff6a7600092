package org.opensrm.loadtest.internal;

import java.util.Optional;

/**
 * The few fields of an SRM answer the load tester checks.
 *
 * @param requestStatus request-level {@code returnStatus/statusCode}, or null
 * @param requestToken  {@code requestToken}, or null
 * @param fileStatus    the first file-level {@code status/statusCode}, or null
 * @param versionInfo   {@code versionInfo} (srmPing), or null
 * @param fault         whether the Body held a SOAP Fault
 */
public record SrmReply(String requestStatus, String requestToken, String fileStatus, String versionInfo,
                       boolean fault) {
    public static final SrmReply MALFORMED = new SrmReply(null, null, null, null, false);

    public Optional<String> status() {
        return Optional.ofNullable(requestStatus);
    }

    /** {@code SRM_FAILURE/SRM_INVALID_PATH} style: the request status, with the file status when there is one. */
    public String describe() {
        if (fault) {
            return "SOAP_FAULT";
        }
        if (requestStatus == null) {
            return "MALFORMED";
        }
        return fileStatus == null ? requestStatus : requestStatus + "/" + fileStatus;
    }
}
