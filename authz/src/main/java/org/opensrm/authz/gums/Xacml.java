package org.opensrm.authz.gums;

/** The names of the authz-interop XACML profile that GUMS speaks (see shared/reference/INTEROP.md). */
final class Xacml {
    static final String SOAP = "http://schemas.xmlsoap.org/soap/envelope/";
    static final String SAMLP_XACML = "urn:oasis:names:tc:xacml:2.0:profile:saml2.0:v2:schema:protocol";
    static final String SAML = "urn:oasis:names:tc:SAML:2.0:assertion";
    static final String CONTEXT = "urn:oasis:names:tc:xacml:2.0:context:schema:os";
    static final String STRING = "http://www.w3.org/2001/XMLSchema#string";

    static final String SUBJECT = "http://authz-interop.org/xacml/subject/";
    static final String SUBJECT_DN = SUBJECT + "subject-x509-id";
    static final String SUBJECT_ISSUER = SUBJECT + "subject-x509-issuer";
    static final String VO = SUBJECT + "vo";
    static final String PRIMARY_FQAN = SUBJECT + "voms-primary-fqan";
    static final String FQAN = SUBJECT + "voms-fqan";

    static final String RESOURCE_ID = "urn:oasis:names:tc:xacml:1.0:resource:resource-id";
    static final String RESOURCE_SE = "http://authz-interop.org/xacml/resource/resource-type/se";
    static final String RESOURCE_HOST = "http://authz-interop.org/xacml/resource/dns-host-name";
    static final String RESOURCE_DN = "http://authz-interop.org/xacml/resource/resource-x509-id";
    static final String ACTION_ID = "urn:oasis:names:tc:xacml:1.0:action:action-id";
    static final String ACTION_ACCESS = "http://authz-interop.org/xacml/action/action-type/access";
    static final String OBLIGATIONS_SUPPORTED = "http://authz-interop.org/xacml/environment/pep-oblig-supported";

    static final String OBLIGATION = "http://authz-interop.org/xacml/obligation/";
    static final String OBLIGATION_USERNAME = OBLIGATION + "username";
    static final String OBLIGATION_UIDGID = OBLIGATION + "uidgid";
    static final String OBLIGATION_SECONDARY_GIDS = OBLIGATION + "secondary-gids";
    static final String OBLIGATION_ACCOUNT = OBLIGATION + "account";

    static final String ATTRIBUTE = "http://authz-interop.org/xacml/attribute/";
    static final String ATTRIBUTE_USERNAME = ATTRIBUTE + "username";
    static final String ATTRIBUTE_GID = ATTRIBUTE + "posix-gid";
    static final String ATTRIBUTE_UID = ATTRIBUTE + "posix-uid";
    static final String ATTRIBUTE_GROUPNAME = ATTRIBUTE + "primary-groupname";

    /** Status codes meaning success: SAML's, XACML's, and the non-standard one real GUMS sends. */
    static final java.util.Set<String> OK_STATUSES = java.util.Set.of("urn:oasis:names:tc:SAML:2.0:status:Success",
            "urn:oasis:names:tc:xacml:1.0:status:ok", "http://oasis/names/tc/xacml/1.0/status/ok");

    private Xacml() {
    }
}
