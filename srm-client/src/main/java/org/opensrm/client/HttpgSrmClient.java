package org.opensrm.client;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BooleanSupplier;

import org.opensrm.authz.DelegatedCredential;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.copy.RemoteSrm;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@link RemoteSrm} over GSI httpg ({@link HttpgClient}) with the client's delegated credential as TLS client
 * credential, the server's certificate checked against the CA directory and its name against the SURL's host, the
 * GSI byte {@code '0'} (no further delegation) and one POST per connection, speaking the few SRM v2.2 calls a copy
 * needs in the rpc shape gfal2 sends. The endpoint is the SURL's host and port (8443 when absent) and its path
 * before {@code ?SFN=} ({@code /srm/managerv2} when the SURL has none). Status polls start after half a second and
 * double up to four seconds.
 */
public final class HttpgSrmClient implements RemoteSrm {
    private static final Logger LOG = LoggerFactory.getLogger(HttpgSrmClient.class);
    private static final int DEFAULT_PORT = 8443;
    private static final String DEFAULT_PATH = "/srm/managerv2";
    private static final Duration FIRST_POLL = Duration.ofMillis(500);
    private static final Duration MAX_POLL = Duration.ofSeconds(4);

    /** Bound on an answer: a remote SRM's answer to one file's call is a few KiB. */
    private static final long MAX_ANSWER = 8L * 1024 * 1024;
    private static final Map<String, String> HEADERS = Map.of("Content-Type", "text/xml; charset=utf-8",
            "SOAPAction", "\"\"", "Connection", "close");

    private final HttpgClient httpg;

    /** @throws IOException when {@code caDir} holds no CA certificate */
    public HttpgSrmClient(Path caDir, Duration timeout) throws IOException {
        this.httpg = HttpgClient.trusting(caDir).verifyingHostName(true).withMaxAnswerBytes(MAX_ANSWER)
                .withTimeoutMillis((int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
    }

    @Override
    public Prepared prepareToGet(URI surl, List<String> protocols, DelegatedCredential credential,
                                 BooleanSupplier wanted, Duration within) throws SrmException {
        String request = "<srmPrepareToGetRequest><arrayOfFileRequests><requestArray><sourceSURL>" + text(surl)
                + "</sourceSURL></requestArray></arrayOfFileRequests>" + protocols(protocols)
                + "</srmPrepareToGetRequest>";
        return prepared(surl, false, "srmPrepareToGet", request, "srmStatusOfGetRequest", "arrayOfSourceSURLs",
                credential, wanted, within);
    }

    @Override
    public Prepared prepareToPut(URI surl, long size, boolean overwrite, Optional<String> spaceToken,
                                 List<String> protocols, DelegatedCredential credential, BooleanSupplier wanted,
                                 Duration within)
            throws SrmException {
        String request = "<srmPrepareToPutRequest><arrayOfFileRequests><requestArray><targetSURL>" + text(surl)
                + "</targetSURL>" + (size > 0 ? "<expectedFileSize>" + size + "</expectedFileSize>" : "")
                + "</requestArray></arrayOfFileRequests>"
                + (overwrite ? "<overwriteOption>ALWAYS</overwriteOption>" : "")
                + spaceToken.map(t -> "<targetSpaceToken>" + text(t) + "</targetSpaceToken>").orElse("")
                + protocols(protocols)
                + "</srmPrepareToPutRequest>";
        return prepared(surl, true, "srmPrepareToPut", request, "srmStatusOfPutRequest", "arrayOfTargetSURLs",
                credential, wanted, within);
    }

    @Override
    public void finish(Prepared p, boolean succeeded, DelegatedCredential credential) throws SrmException {
        String token = "<requestToken>" + text(p.token()) + "</requestToken>";
        String surls = "<arrayOfSURLs><urlArray>" + text(p.surl()) + "</urlArray></arrayOfSURLs>";
        if (!succeeded) {
            try {
                requireSuccess(invoke(p.surl(), "srmAbortRequest",
                        "<srmAbortRequestRequest>" + token + "</srmAbortRequestRequest>", credential), "srmAbortRequest");
            } catch (SrmException e) {
                LOG.info("aborting remote request {} at {} failed: {}", p.token(), p.surl(), e.getMessage());
            }
            return;
        }
        if (p.put()) {
            Document d = invoke(p.surl(), "srmPutDone", "<srmPutDoneRequest>" + token + surls + "</srmPutDoneRequest>",
                    credential);
            requireSuccess(d, "srmPutDone");
            requireFileSuccess(d, "srmPutDone");
        } else {
            try {
                requireSuccess(invoke(p.surl(), "srmReleaseFiles",
                        "<srmReleaseFilesRequest>" + token + surls + "</srmReleaseFilesRequest>", credential),
                        "srmReleaseFiles");
            } catch (SrmException e) {
                LOG.info("releasing {} at the remote SRM failed (its pin runs out by itself): {}", p.surl(),
                        e.getMessage());
            }
        }
    }

    private static String protocols(List<String> protocols) {
        StringBuilder sb = new StringBuilder("<transferParameters><accessPattern>TRANSFER_MODE</accessPattern>"
                + "<arrayOfTransferProtocols>");
        protocols.forEach(p -> sb.append("<stringArray>").append(text(p)).append("</stringArray>"));
        return sb.append("</arrayOfTransferProtocols></transferParameters>").toString();
    }

    private Prepared prepared(URI surl, boolean put, String operation, String request, String statusOperation,
                              String surlArray, DelegatedCredential credential, BooleanSupplier wanted,
                              Duration within) throws SrmException {
        Document d = invoke(surl, operation, request, credential);
        SrmStatus requestStatus = status(d, "returnStatus");
        String token = firstText(d.getDocumentElement(), "requestToken");
        long deadline = System.nanoTime() + within.toNanos();
        Duration wait = FIRST_POLL;
        while (true) {
            Element file = first(d.getDocumentElement(), "statusArray");
            SrmStatus fileStatus = file == null ? null : status(file, "status");
            String turl = file == null ? null : firstText(file, "transferURL");
            if (fileStatus != null && fileStatus.isSuccess() && turl != null && !turl.isBlank()) {
                return new Prepared(surl, token, URI.create(turl.strip()), put, sizeOf(file));
            }
            boolean pending = requestStatus == SrmStatus.SRM_REQUEST_QUEUED
                    || requestStatus == SrmStatus.SRM_REQUEST_INPROGRESS;
            if (!pending || token == null) {
                SrmStatus s = fileStatus != null && !fileStatus.isSuccess() && !isPending(fileStatus) ? fileStatus
                        : requestStatus;
                throw new SrmException(s == null || s.isSuccess() ? SrmStatus.SRM_FAILURE : s,
                        "the SRM of " + surl.getHost() + " answered " + operation + " for " + surl + " with " + s
                                + explanation(file != null ? file : d.getDocumentElement()));
            }
            Prepared sofar = new Prepared(surl, token, null, put, OptionalLong.empty());
            if (!wanted.getAsBoolean() || System.nanoTime() > deadline) {
                finish(sofar, false, credential);
                throw new SrmException(wanted.getAsBoolean() ? SrmStatus.SRM_FAILURE : SrmStatus.SRM_ABORTED,
                        "the SRM of " + surl.getHost() + " did not make " + surl + " ready in time");
            }
            try {
                Thread.sleep(wait.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                finish(sofar, false, credential);
                throw new SrmException(SrmStatus.SRM_ABORTED, "the server is shutting down");
            }
            wait = wait.multipliedBy(2).compareTo(MAX_POLL) > 0 ? MAX_POLL : wait.multipliedBy(2);
            d = invoke(surl, statusOperation, "<" + statusOperation + "Request><requestToken>" + text(token)
                    + "</requestToken><" + surlArray + "><urlArray>" + text(surl) + "</urlArray></" + surlArray
                    + "></" + statusOperation + "Request>", credential);
            requestStatus = status(d, "returnStatus");
        }
    }

    private Document invoke(URI surl, String operation, String request, DelegatedCredential credential)
            throws SrmException {
        URI endpoint = endpointOf(surl);
        try {
            return httpg.withCredential(credential.key(), credential.chain())
                    .post(endpoint.getHost(), endpoint.getPort(), endpoint.getRawPath(), HEADERS,
                            envelope(operation, request))
                    .document();
        } catch (IOException e) {
            throw new SrmException(SrmStatus.SRM_FAILURE, operation + " at " + endpoint + " failed: " + e.getMessage());
        }
    }

    /** The httpg endpoint a SURL names. */
    static URI endpointOf(URI surl) {
        String raw = surl.getRawPath();
        boolean sfn = surl.getRawQuery() != null && surl.getRawQuery().startsWith("SFN=");
        String path = sfn && raw != null && !raw.isEmpty() ? raw : DEFAULT_PATH;
        return URI.create("httpg://" + (surl.getHost().contains(":") ? "[" + surl.getHost() + "]" : surl.getHost())
                + ":" + (surl.getPort() < 0 ? DEFAULT_PORT : surl.getPort()) + path);
    }

    private static byte[] envelope(String operation, String request) {
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                + "<SOAP-ENV:Envelope xmlns:SOAP-ENV=\"http://schemas.xmlsoap.org/soap/envelope/\""
                + " xmlns:srm2=\"http://srm.lbl.gov/StorageResourceManager\"><SOAP-ENV:Body>"
                + "<srm2:" + operation + ">" + request + "</srm2:" + operation + ">"
                + "</SOAP-ENV:Body></SOAP-ENV:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    private static void requireSuccess(Document d, String operation) throws SrmException {
        SrmStatus s = status(d, "returnStatus");
        if (s == null || !s.isSuccess()) {
            throw new SrmException(s == null ? SrmStatus.SRM_FAILURE : s,
                    operation + " answered " + s + explanation(d.getDocumentElement()));
        }
    }

    private static void requireFileSuccess(Document d, String operation) throws SrmException {
        Element file = first(d.getDocumentElement(), "statusArray");
        SrmStatus s = file == null ? null : status(file, "status");
        if (s != null && !s.isSuccess()) {
            throw new SrmException(s, operation + " answered " + s + explanation(file));
        }
    }

    private static boolean isPending(SrmStatus s) {
        return s == SrmStatus.SRM_REQUEST_QUEUED || s == SrmStatus.SRM_REQUEST_INPROGRESS;
    }

    /** The status code inside the first {@code element} of {@code scope}; null when absent or unknown. */
    private static SrmStatus status(Object scope, String element) {
        Element root = scope instanceof Document d ? d.getDocumentElement() : (Element) scope;
        Element e = first(root, element);
        String code = e == null ? null : firstText(e, "statusCode");
        if (code == null) {
            return null;
        }
        try {
            return SrmStatus.valueOf(code.strip());
        } catch (IllegalArgumentException unknown) {
            return SrmStatus.SRM_FAILURE;
        }
    }

    private static String explanation(Element scope) {
        String e = firstText(scope, "explanation");
        return e == null || e.isBlank() ? "" : ": " + e.strip();
    }

    private static Element first(Element scope, String localName) {
        NodeList l = scope.getElementsByTagNameNS("*", localName);
        return l.getLength() == 0 ? null : (Element) l.item(0);
    }

    private static String firstText(Element scope, String localName) {
        Element e = first(scope, localName);
        return e == null ? null : e.getTextContent();
    }

    /** The file size a status names ({@code fileSize}), if it names a sane one. */
    private static OptionalLong sizeOf(Element file) {
        String size = firstText(file, "fileSize");
        try {
            long n = size == null ? -1 : Long.parseLong(size.strip());
            return n >= 0 ? OptionalLong.of(n) : OptionalLong.empty();
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    private static String text(Object s) {
        return s.toString().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
