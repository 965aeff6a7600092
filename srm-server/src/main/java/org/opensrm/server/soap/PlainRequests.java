package org.opensrm.server.soap;

import static org.opensrm.server.soap.PlainText.BOOLEAN;
import static org.opensrm.server.soap.PlainText.INT;
import static org.opensrm.server.soap.PlainText.STRING;
import static org.opensrm.server.soap.PlainType.many;
import static org.opensrm.server.soap.PlainType.one;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.opensrm.server.soap.gen.ArrayOfAnyURI;
import org.opensrm.server.soap.gen.ArrayOfString;
import org.opensrm.server.soap.gen.ArrayOfTExtraInfo;
import org.opensrm.server.soap.gen.ArrayOfTGetFileRequest;
import org.opensrm.server.soap.gen.SrmPrepareToGetRequest;
import org.opensrm.server.soap.gen.SrmReleaseFilesRequest;
import org.opensrm.server.soap.gen.SrmStatusOfGetRequestRequest;
import org.opensrm.server.soap.gen.TDirOption;
import org.opensrm.server.soap.gen.TExtraInfo;
import org.opensrm.server.soap.gen.TGetFileRequest;
import org.opensrm.server.soap.gen.TRetentionPolicyInfo;
import org.opensrm.server.soap.gen.TTransferParameters;

/**
 * Reads the plain requests of a get's cycle — srmPrepareToGet, srmStatusOfGetRequest, srmReleaseFiles — into the
 * generated types JAXB makes of them, from the body's bytes ({@link PlainXmlReader}), for a tenth of what
 * {@link LaneRequestReader}'s parser and JAXB cost. Plain is what gfal2 and ARC send: a SOAP 1.1 Envelope and Body
 * (any prefixes, declared on them or on the operation's element), no header, the operation's element and its
 * unqualified {@code ...Request} part holding elements of the request's type (any order) without attributes.
 * Anything else gives {@code null}, and the caller reads the body with JAXB, which judges every case.
 */
final class PlainRequests {
    private static final String SOAP_11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SRM = "http://srm.lbl.gov/StorageResourceManager";
    private static final String XML = "http://www.w3.org/XML/1998/namespace";
    private static final String XMLNS = "http://www.w3.org/2000/xmlns/";

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

    /** The request of {@code operation}, of {@code type}, or null when this reading leaves the body to JAXB. */
    static <T> T read(byte[] body, String operation, Class<T> type) {
        PlainType<?> request = REQUESTS.get(operation);
        PlainXmlReader in = request == null ? null : PlainXmlReader.of(body);
        if (in == null) {
            return null;
        }
        List<String[]> namespaces = new ArrayList<>(8); // {prefix, name} as declared, outermost first
        PlainXmlReader.Tag envelope = in.startTag();
        PlainXmlReader.Tag soapBody = opens(envelope, namespaces, SOAP_11, "Envelope") ? in.startTag() : null;
        PlainXmlReader.Tag call = opens(soapBody, namespaces, SOAP_11, "Body") ? in.startTag() : null;
        PlainXmlReader.Tag part = opens(call, namespaces, SRM, operation) ? in.startTag() : null;
        if (part == null || !part.name().equals(operation + "Request") || !part.attributes().isEmpty()) {
            return null;
        }
        Object value = request.read(in, part);
        boolean closed = value != null && in.endTag(call.name()) && in.endTag(soapBody.name())
                && in.endTag(envelope.name()) && in.atEnd();
        return closed && type.isInstance(value) ? type.cast(value) : null;
    }

    /**
     * Whether {@code tag} opens the element {@code name} of the namespace {@code namespace}, with content, its
     * namespace declarations (added to {@code namespaces}) and its other attributes plain.
     */
    private static boolean opens(PlainXmlReader.Tag tag, List<String[]> namespaces, String namespace, String name) {
        return tag != null && !tag.empty() && declare(tag, namespaces) && plainAttributes(tag, namespaces)
                && PlainXmlReader.localName(tag.name()).equals(name)
                && namespace.equals(namespaceOf(PlainXmlReader.prefix(tag.name()), namespaces));
    }

    /**
     * Adds the namespaces {@code tag} declares to {@code namespaces}; false for a default namespace (it would qualify
     * the request's elements), or a declaration of {@code xml} or {@code xmlns}, of their namespaces or of none.
     */
    private static boolean declare(PlainXmlReader.Tag tag, List<String[]> namespaces) {
        for (PlainXmlReader.Attribute a : tag.attributes()) {
            if (a.name().equals("xmlns")) {
                return false;
            }
            if (a.name().startsWith("xmlns:")) {
                String prefix = PlainXmlReader.localName(a.name());
                if (prefix.equals("xml") || prefix.equals("xmlns") || a.value().isEmpty() || a.value().equals(XML)
                        || a.value().equals(XMLNS)) {
                    return false;
                }
                namespaces.add(new String[] {prefix, a.value()});
            }
        }
        return true;
    }

    /** Whether each attribute of {@code tag} but a declaration has a declared prefix (or none), its own local name. */
    private static boolean plainAttributes(PlainXmlReader.Tag tag, List<String[]> namespaces) {
        List<String> locals = new ArrayList<>(2);
        for (PlainXmlReader.Attribute a : tag.attributes()) {
            String prefix = PlainXmlReader.prefix(a.name());
            if (!prefix.equals("xmlns")) {
                String local = PlainXmlReader.localName(a.name());
                if (locals.contains(local) || (!prefix.isEmpty() && !prefix.equals("xml")
                        && namespaceOf(prefix, namespaces) == null)) {
                    return false;
                }
                locals.add(local);
            }
        }
        return true;
    }

    /** The namespace {@code prefix} stands for where the innermost declarations are last; null if undeclared. */
    private static String namespaceOf(String prefix, List<String[]> namespaces) {
        for (int i = namespaces.size() - 1; i >= 0; i--) {
            if (namespaces.get(i)[0].equals(prefix)) {
                return namespaces.get(i)[1];
            }
        }
        return null;
    }
}
