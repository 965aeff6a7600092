package org.opensrm.devpki.internal;

import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1String;
import org.bouncycastle.asn1.x500.AttributeTypeAndValue;
import org.bouncycastle.asn1.x500.RDN;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;

/** Distinguished names: OpenSSL slash form, namespaces, proxy recognition. */
public final class Names {
    /** RFC 3820 ProxyCertInfo. */
    public static final String OID_PROXY_CERT_INFO = "1.3.6.1.5.5.7.1.14";
    /** Globus draft (GT3) ProxyCertInfo. */
    public static final String OID_DRAFT_PROXY_CERT_INFO = "1.3.6.1.4.1.3536.1.222";

    private static final Map<ASN1ObjectIdentifier, String> SHORT_NAMES = Map.of(
            BCStyle.CN, "CN", BCStyle.O, "O", BCStyle.OU, "OU", BCStyle.C, "C", BCStyle.L, "L",
            BCStyle.ST, "ST", BCStyle.DC, "DC", BCStyle.EmailAddress, "emailAddress", BCStyle.UID, "UID",
            BCStyle.SERIALNUMBER, "serialNumber");

    private Names() {
    }

    public static X500Name of(java.security.Principal principal) {
        return X500Name.getInstance(((javax.security.auth.x500.X500Principal) principal).getEncoded());
    }

    /** OpenSSL "compat" slash form, most general RDN first: {@code /DC=test/O=OpenSRM/CN=Alice}. */
    public static String slashForm(X500Name name) {
        StringBuilder sb = new StringBuilder();
        for (RDN rdn : name.getRDNs()) {
            boolean first = true;
            for (AttributeTypeAndValue atv : rdn.getTypesAndValues()) {
                sb.append(first ? '/' : '+');
                first = false;
                String type = SHORT_NAMES.getOrDefault(atv.getType(), atv.getType().getId());
                ASN1Encodable v = atv.getValue();
                sb.append(type).append('=').append(v instanceof ASN1String s ? s.getString() : v.toString());
            }
        }
        return sb.toString();
    }

    public static String slashForm(X509Certificate cert) {
        return slashForm(of(cert.getSubjectX500Principal()));
    }

    /** {@code base} with one more RDN {@code CN=cn} appended (the most specific position). */
    public static X500Name withCn(X500Name base, String cn) {
        X500NameBuilder b = new X500NameBuilder(BCStyle.INSTANCE);
        for (RDN rdn : base.getRDNs()) {
            b.addMultiValuedRDN(rdn.getTypesAndValues());
        }
        b.addRDN(BCStyle.CN, cn);
        return b.build();
    }

    /** The CA's namespace: its subject without its last (most specific) RDN. */
    public static X500Name namespaceOf(X500Name ca) {
        RDN[] rdns = ca.getRDNs();
        return new X500Name(Arrays.copyOf(rdns, Math.max(0, rdns.length - 1)));
    }

    /** Whether the certificate is a proxy: RFC 3820 / draft ProxyCertInfo, or a legacy "CN=proxy" one. */
    public static boolean isProxy(X509Certificate cert) {
        if (cert.getExtensionValue(OID_PROXY_CERT_INFO) != null
                || cert.getExtensionValue(OID_DRAFT_PROXY_CERT_INFO) != null) {
            return true;
        }
        RDN[] subject = of(cert.getSubjectX500Principal()).getRDNs();
        if (subject.length == 0) {
            return false;
        }
        RDN last = subject[subject.length - 1];
        if (last.isMultiValued() || !BCStyle.CN.equals(last.getFirst().getType())) {
            return false;
        }
        String cn = ((ASN1String) last.getFirst().getValue()).getString();
        X500Name parent = new X500Name(Arrays.copyOf(subject, subject.length - 1));
        return ("proxy".equals(cn) || "limited proxy".equals(cn))
                && parent.equals(of(cert.getIssuerX500Principal()));
    }

    /** The first non-proxy certificate of a chain ordered end-entity-proxy first. */
    public static X509Certificate endEntity(List<X509Certificate> chain) {
        for (X509Certificate c : chain) {
            if (!isProxy(c)) {
                return c;
            }
        }
        throw new IllegalArgumentException("chain holds only proxy certificates");
    }
}
