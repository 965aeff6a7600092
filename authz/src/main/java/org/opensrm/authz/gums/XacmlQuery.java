package org.opensrm.authz.gums;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.opensrm.authz.ClientIdentity;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The SOAP request GUMS answers: a SAML 2 {@code XACMLAuthzDecisionQuery} carrying an XACML 2.0 request about the
 * client (DN, issuer, VO, primary and all FQANs), this storage element (host name and certificate DN), the
 * {@code access} action, and the obligations this server understands.
 */
final class XacmlQuery {
    private XacmlQuery() {
    }

    static byte[] build(ClientIdentity client, String seHost, String seDn) {
        Document doc = SafeXml.newDocument();
        Element envelope = doc.createElementNS(Xacml.SOAP, "soap11:Envelope");
        doc.appendChild(envelope);
        Element body = child(envelope, Xacml.SOAP, "soap11:Body");
        Element query = child(body, Xacml.SAMLP_XACML, "xacml-samlp:XACMLAuthzDecisionQuery");
        query.setAttribute("ID", "_" + UUID.randomUUID().toString().replace("-", ""));
        query.setAttribute("IssueInstant", Instant.now().truncatedTo(ChronoUnit.MILLIS).toString());
        query.setAttribute("Version", "2.0");
        query.setAttribute("InputContextOnly", "false");
        query.setAttribute("ReturnContext", "false");
        child(query, Xacml.SAML, "saml:Issuer").setTextContent(seDn);
        Element request = child(query, Xacml.CONTEXT, "xacml-context:Request");

        Element subject = child(request, Xacml.CONTEXT, "xacml-context:Subject");
        attribute(subject, Xacml.SUBJECT_DN, List.of(client.dn()));
        if (!client.issuerDn().isEmpty()) {
            attribute(subject, Xacml.SUBJECT_ISSUER, List.of(client.issuerDn()));
        }
        client.primaryFqan().ifPresent(primary -> {
            attribute(subject, Xacml.VO, List.of(voOf(primary)));
            attribute(subject, Xacml.PRIMARY_FQAN, List.of(primary));
            attribute(subject, Xacml.FQAN, client.fqans());
        });

        Element resource = child(request, Xacml.CONTEXT, "xacml-context:Resource");
        attribute(resource, Xacml.RESOURCE_ID, List.of(Xacml.RESOURCE_SE));
        attribute(resource, Xacml.RESOURCE_HOST, List.of(seHost));
        attribute(resource, Xacml.RESOURCE_DN, List.of(seDn));
        Element action = child(request, Xacml.CONTEXT, "xacml-context:Action");
        attribute(action, Xacml.ACTION_ID, List.of(Xacml.ACTION_ACCESS));
        Element environment = child(request, Xacml.CONTEXT, "xacml-context:Environment");
        attribute(environment, Xacml.OBLIGATIONS_SUPPORTED, List.of(Xacml.OBLIGATION_USERNAME,
                Xacml.OBLIGATION_UIDGID, Xacml.OBLIGATION_SECONDARY_GIDS, Xacml.OBLIGATION_ACCOUNT));
        return SafeXml.serialize(doc);
    }

    /** {@code /cms/Role=production} belongs to VO {@code cms}. */
    static String voOf(String fqan) {
        String rest = fqan.startsWith("/") ? fqan.substring(1) : fqan;
        int slash = rest.indexOf('/');
        return slash < 0 ? rest : rest.substring(0, slash);
    }

    private static Element child(Element parent, String ns, String qname) {
        Element e = parent.getOwnerDocument().createElementNS(ns, qname);
        parent.appendChild(e);
        return e;
    }

    private static void attribute(Element parent, String id, List<String> values) {
        Element a = child(parent, Xacml.CONTEXT, "xacml-context:Attribute");
        a.setAttribute("AttributeId", id);
        a.setAttribute("DataType", Xacml.STRING);
        for (String v : values) {
            child(a, Xacml.CONTEXT, "xacml-context:AttributeValue").setTextContent(v);
        }
    }
}
