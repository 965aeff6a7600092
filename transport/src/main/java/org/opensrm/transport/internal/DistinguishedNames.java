package org.opensrm.transport.internal;

import java.security.cert.X509Certificate;
import java.util.Map;

import javax.security.auth.x500.X500Principal;

import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1String;
import org.bouncycastle.asn1.x500.AttributeTypeAndValue;
import org.bouncycastle.asn1.x500.RDN;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.style.BCStyle;

import eu.emi.security.authn.x509.proxy.ProxyUtils;

/** Distinguished names in OpenSSL "compat" slash form, as grid-mapfiles spell them. */
public final class DistinguishedNames {
    private static final Map<ASN1ObjectIdentifier, String> SHORT_NAMES = Map.of(
            BCStyle.CN, "CN", BCStyle.O, "O", BCStyle.OU, "OU", BCStyle.C, "C", BCStyle.L, "L",
            BCStyle.ST, "ST", BCStyle.DC, "DC", BCStyle.EmailAddress, "emailAddress", BCStyle.UID, "UID",
            BCStyle.SERIALNUMBER, "serialNumber");

    private DistinguishedNames() {
    }

    /** The first certificate of a client chain that is not a proxy (else the last one): the client's own. */
    public static X509Certificate endEntity(X509Certificate[] chain) {
        X509Certificate endEntity = ProxyUtils.getEndUserCertificate(chain);
        return endEntity == null ? chain[chain.length - 1] : endEntity;
    }

    /** The slash-form subject of {@link #endEntity}: the DN a client is known by. */
    public static String endEntityDn(X509Certificate[] chain) {
        return slashForm(endEntity(chain).getSubjectX500Principal());
    }

    /** Most general RDN first, e.g. {@code /DC=test/O=OpenSRM/CN=Alice}; multi-valued RDNs joined by '+'. */
    public static String slashForm(X500Principal principal) {
        StringBuilder sb = new StringBuilder();
        for (RDN rdn : X500Name.getInstance(principal.getEncoded()).getRDNs()) {
            char separator = '/';
            for (AttributeTypeAndValue atv : rdn.getTypesAndValues()) {
                ASN1Encodable value = atv.getValue();
                sb.append(separator).append(SHORT_NAMES.getOrDefault(atv.getType(), atv.getType().getId()))
                        .append('=').append(value instanceof ASN1String s ? s.getString() : value.toString());
                separator = '+';
            }
        }
        return sb.toString();
    }
}
