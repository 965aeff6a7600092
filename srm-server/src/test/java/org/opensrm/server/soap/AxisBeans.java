package org.opensrm.server.soap;

import javax.xml.namespace.QName;
import org.apache.axis.description.ElementDesc;
import org.apache.axis.description.TypeDesc;
import org.apache.axis.types.URI;
import org.apache.axis.types.UnsignedLong;

/**
 * Java beans in the shape Axis 1's WSDL2Java makes from the SRM WSDL (each with the static {@code getTypeDesc()}
 * Axis' BeanSerializer reads: unqualified element names, repeated elements for the WSDL's plain-sequence arrays).
 * Only the request types the Axis tests send.
 */
final class AxisBeans {
    static final String SRM = "http://srm.lbl.gov/StorageResourceManager";
    static final String XSD = "http://www.w3.org/2001/XMLSchema";

    private AxisBeans() {
    }

    static TypeDesc typeDesc(Class<?> bean, String xmlType, Object[]... fields) {
        TypeDesc desc = new TypeDesc(bean, true);
        desc.setXmlType(new QName(SRM, xmlType));
        for (Object[] f : fields) {
            ElementDesc e = new ElementDesc();
            e.setFieldName((String) f[0]);
            e.setXmlName(new QName("", (String) f[0]));
            e.setXmlType((QName) f[1]);
            e.setMinOccurs(0);
            e.setNillable(true);
            if (f.length > 2) {
                e.setMaxOccursUnbounded(true);
                e.setNillable(false);
            }
            desc.addFieldDesc(e);
        }
        return desc;
    }

    static QName xsd(String local) {
        return new QName(XSD, local);
    }

    static QName srm(String local) {
        return new QName(SRM, local);
    }

    public static final class ArrayOfAnyURI {
        private static final TypeDesc TYPE = typeDesc(ArrayOfAnyURI.class, "ArrayOfAnyURI",
                new Object[] {"urlArray", xsd("anyURI"), "unbounded"});
        private URI[] urlArray;

        public ArrayOfAnyURI() {
        }

        public ArrayOfAnyURI(URI... urls) {
            urlArray = urls;
        }

        public URI[] getUrlArray() {
            return urlArray;
        }

        public void setUrlArray(URI[] v) {
            urlArray = v;
        }

        public URI getUrlArray(int i) {
            return urlArray[i];
        }

        public void setUrlArray(int i, URI v) {
            urlArray[i] = v;
        }

        public static TypeDesc getTypeDesc() {
            return TYPE;
        }
    }

    public static final class ArrayOfString {
        private static final TypeDesc TYPE = typeDesc(ArrayOfString.class, "ArrayOfString",
                new Object[] {"stringArray", xsd("string"), "unbounded"});
        private String[] stringArray;

        public ArrayOfString() {
        }

        public ArrayOfString(String... values) {
            stringArray = values;
        }

        public String[] getStringArray() {
            return stringArray;
        }

        public void setStringArray(String[] v) {
            stringArray = v;
        }

        public String getStringArray(int i) {
            return stringArray[i];
        }

        public void setStringArray(int i, String v) {
            stringArray[i] = v;
        }

        public static TypeDesc getTypeDesc() {
            return TYPE;
        }
    }

    public static final class SrmLsRequest {
        private static final TypeDesc TYPE = typeDesc(SrmLsRequest.class, "srmLsRequest",
                new Object[] {"arrayOfSURLs", srm("ArrayOfAnyURI")},
                new Object[] {"fullDetailedList", xsd("boolean")},
                new Object[] {"allLevelRecursive", xsd("boolean")},
                new Object[] {"numOfLevels", xsd("int")},
                new Object[] {"offset", xsd("int")},
                new Object[] {"count", xsd("int")});
        private ArrayOfAnyURI arrayOfSURLs;
        private Boolean fullDetailedList;
        private Boolean allLevelRecursive;
        private Integer numOfLevels;
        private Integer offset;
        private Integer count;

        public ArrayOfAnyURI getArrayOfSURLs() {
            return arrayOfSURLs;
        }

        public void setArrayOfSURLs(ArrayOfAnyURI v) {
            arrayOfSURLs = v;
        }

        public Boolean getFullDetailedList() {
            return fullDetailedList;
        }

        public void setFullDetailedList(Boolean v) {
            fullDetailedList = v;
        }

        public Boolean getAllLevelRecursive() {
            return allLevelRecursive;
        }

        public void setAllLevelRecursive(Boolean v) {
            allLevelRecursive = v;
        }

        public Integer getNumOfLevels() {
            return numOfLevels;
        }

        public void setNumOfLevels(Integer v) {
            numOfLevels = v;
        }

        public Integer getOffset() {
            return offset;
        }

        public void setOffset(Integer v) {
            offset = v;
        }

        public Integer getCount() {
            return count;
        }

        public void setCount(Integer v) {
            count = v;
        }

        public static TypeDesc getTypeDesc() {
            return TYPE;
        }
    }

    public static final class SrmRmRequest {
        private static final TypeDesc TYPE = typeDesc(SrmRmRequest.class, "srmRmRequest",
                new Object[] {"arrayOfSURLs", srm("ArrayOfAnyURI")});
        private ArrayOfAnyURI arrayOfSURLs;

        public ArrayOfAnyURI getArrayOfSURLs() {
            return arrayOfSURLs;
        }

        public void setArrayOfSURLs(ArrayOfAnyURI v) {
            arrayOfSURLs = v;
        }

        public static TypeDesc getTypeDesc() {
            return TYPE;
        }
    }

    public static final class TPutFileRequest {
        private static final TypeDesc TYPE = typeDesc(TPutFileRequest.class, "TPutFileRequest",
                new Object[] {"targetSURL", xsd("anyURI")},
                new Object[] {"expectedFileSize", xsd("unsignedLong")});
        private URI targetSURL;
        private UnsignedLong expectedFileSize;

        public TPutFileRequest() {
        }

        public TPutFileRequest(URI targetSURL, UnsignedLong expectedFileSize) {
            this.targetSURL = targetSURL;
            this.expectedFileSize = expectedFileSize;
        }

        public URI getTargetSURL() {
            return targetSURL;
        }

        public void setTargetSURL(URI v) {
            targetSURL = v;
        }

        public UnsignedLong getExpectedFileSize() {
            return expectedFileSize;
        }

        public void setExpectedFileSize(UnsignedLong v) {
            expectedFileSize = v;
        }

        public static TypeDesc getTypeDesc() {
            return TYPE;
        }
    }

    public static final class ArrayOfTPutFileRequest {
        private static final TypeDesc TYPE = typeDesc(ArrayOfTPutFileRequest.class, "ArrayOfTPutFileRequest",
                new Object[] {"requestArray", srm("TPutFileRequest"), "unbounded"});
        private TPutFileRequest[] requestArray;

        public ArrayOfTPutFileRequest() {
        }

        public ArrayOfTPutFileRequest(TPutFileRequest... files) {
            requestArray = files;
        }

        public TPutFileRequest[] getRequestArray() {
            return requestArray;
        }

        public void setRequestArray(TPutFileRequest[] v) {
            requestArray = v;
        }

        public TPutFileRequest getRequestArray(int i) {
            return requestArray[i];
        }

        public void setRequestArray(int i, TPutFileRequest v) {
            requestArray[i] = v;
        }

        public static TypeDesc getTypeDesc() {
            return TYPE;
        }
    }

    public static final class TTransferParameters {
        private static final TypeDesc TYPE = typeDesc(TTransferParameters.class, "TTransferParameters",
                new Object[] {"accessPattern", xsd("string")},
                new Object[] {"connectionType", xsd("string")},
                new Object[] {"arrayOfTransferProtocols", srm("ArrayOfString")});
        private String accessPattern;
        private String connectionType;
        private ArrayOfString arrayOfTransferProtocols;

        public String getAccessPattern() {
            return accessPattern;
        }

        public void setAccessPattern(String v) {
            accessPattern = v;
        }

        public String getConnectionType() {
            return connectionType;
        }

        public void setConnectionType(String v) {
            connectionType = v;
        }

        public ArrayOfString getArrayOfTransferProtocols() {
            return arrayOfTransferProtocols;
        }

        public void setArrayOfTransferProtocols(ArrayOfString v) {
            arrayOfTransferProtocols = v;
        }

        public static TypeDesc getTypeDesc() {
            return TYPE;
        }
    }

    public static final class SrmPrepareToPutRequest {
        private static final TypeDesc TYPE = typeDesc(SrmPrepareToPutRequest.class, "srmPrepareToPutRequest",
                new Object[] {"arrayOfFileRequests", srm("ArrayOfTPutFileRequest")},
                new Object[] {"userRequestDescription", xsd("string")},
                new Object[] {"overwriteOption", xsd("string")},
                new Object[] {"desiredTotalRequestTime", xsd("int")},
                new Object[] {"desiredPinLifeTime", xsd("int")},
                new Object[] {"desiredFileStorageType", xsd("string")},
                new Object[] {"transferParameters", srm("TTransferParameters")});
        private ArrayOfTPutFileRequest arrayOfFileRequests;
        private String userRequestDescription;
        private String overwriteOption;
        private Integer desiredTotalRequestTime;
        private Integer desiredPinLifeTime;
        private String desiredFileStorageType;
        private TTransferParameters transferParameters;

        public ArrayOfTPutFileRequest getArrayOfFileRequests() {
            return arrayOfFileRequests;
        }

        public void setArrayOfFileRequests(ArrayOfTPutFileRequest v) {
            arrayOfFileRequests = v;
        }

        public String getUserRequestDescription() {
            return userRequestDescription;
        }

        public void setUserRequestDescription(String v) {
            userRequestDescription = v;
        }

        public String getOverwriteOption() {
            return overwriteOption;
        }

        public void setOverwriteOption(String v) {
            overwriteOption = v;
        }

        public Integer getDesiredTotalRequestTime() {
            return desiredTotalRequestTime;
        }

        public void setDesiredTotalRequestTime(Integer v) {
            desiredTotalRequestTime = v;
        }

        public Integer getDesiredPinLifeTime() {
            return desiredPinLifeTime;
        }

        public void setDesiredPinLifeTime(Integer v) {
            desiredPinLifeTime = v;
        }

        public String getDesiredFileStorageType() {
            return desiredFileStorageType;
        }

        public void setDesiredFileStorageType(String v) {
            desiredFileStorageType = v;
        }

        public TTransferParameters getTransferParameters() {
            return transferParameters;
        }

        public void setTransferParameters(TTransferParameters v) {
            transferParameters = v;
        }

        public static TypeDesc getTypeDesc() {
            return TYPE;
        }
    }
}
