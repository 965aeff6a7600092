package org.opensrm.authz.gums;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * What GUMS answered: its decision and the obligations that come with a Permit. Parsed tolerantly (elements are
 * found by local name, whatever their prefix or namespace; no {@code ID} or {@code IssueInstant} is required; the
 * non-standard status value of real GUMS is accepted; a Deny's empty {@code username} obligation is ignored) but
 * strictly where it matters: exactly one decision, a known status, no DOCTYPE.
 * <p>
 * The obligation forms (what GUMS' XACML service sends, from its source): a client that lists {@code account} among
 * the obligations it supports gets an {@code account} obligation ({@code username}, and {@code primary-groupname}
 * when the account's group is a name); any other client gets a {@code username} obligation. With either, a
 * numeric group comes as a {@code uidgid} obligation carrying {@code posix-gid} alone. The authz-interop profile's
 * {@code uidgid} may also carry {@code posix-uid} (other PDPs send the account as uid and gid only): read too.
 *
 * @param decision     {@code Permit}, {@code Deny}, {@code NotApplicable} or {@code Indeterminate}
 * @param username     from the {@code username} or {@code account} obligation; empty when none named one
 * @param gid          from the {@code uidgid} obligation ({@code posix-gid}), if any
 * @param primaryGroup from the {@code account} obligation ({@code primary-groupname}), if any
 * @param uid          from the {@code uidgid} obligation ({@code posix-uid}), if any
 */
record XacmlAnswer(String decision, Optional<String> username, Optional<String> gid, Optional<String> primaryGroup,
                   Optional<String> uid) {

    /** GUMS answered, but not with a usable decision (SOAP fault, bad status, malformed or hostile XML). */
    static final class Unusable extends Exception {
        private static final long serialVersionUID = 1L;

        Unusable(String message) {
            super(message);
        }
    }

    static XacmlAnswer parse(byte[] xml) throws Unusable {
        Document doc;
        try {
            doc = SafeXml.parse(xml);
        } catch (SAXException e) {
            throw new Unusable("GUMS answered XML that is malformed or not allowed: " + e.getMessage());
        }
        Optional<Element> fault = first(doc.getDocumentElement(), "Fault");
        if (fault.isPresent()) {
            String reason = first(fault.get(), "faultstring").map(Node::getTextContent).orElse("no reason given");
            throw new Unusable("GUMS answered a SOAP fault: " + reason.strip());
        }
        for (Element status : all(doc.getDocumentElement(), "StatusCode")) {
            String value = status.getAttribute("Value").strip();
            if (!value.isEmpty() && !Xacml.OK_STATUSES.contains(value) && !isSecondLevel(status)) {
                throw new Unusable("GUMS answered status " + value);
            }
        }
        List<Element> decisions = all(doc.getDocumentElement(), "Decision");
        if (decisions.size() != 1) {
            throw new Unusable("GUMS answered " + decisions.size() + " decisions instead of one");
        }
        String decision = decisions.get(0).getTextContent().strip();
        if (!List.of("Permit", "Deny", "NotApplicable", "Indeterminate").contains(decision)) {
            throw new Unusable("GUMS answered the unknown decision '" + decision + "'");
        }
        Optional<String> username = Optional.empty();
        Optional<String> gid = Optional.empty();
        Optional<String> group = Optional.empty();
        Optional<String> uid = Optional.empty();
        for (Element obligation : all(doc.getDocumentElement(), "Obligation")) {
            String id = obligation.getAttribute("ObligationId").strip();
            if (id.equals(Xacml.OBLIGATION_USERNAME) || id.equals(Xacml.OBLIGATION_ACCOUNT)) {
                username = username.or(() -> assigned(obligation, Xacml.ATTRIBUTE_USERNAME));
                group = group.or(() -> assigned(obligation, Xacml.ATTRIBUTE_GROUPNAME));
            } else if (id.equals(Xacml.OBLIGATION_UIDGID)) {
                gid = gid.or(() -> assigned(obligation, Xacml.ATTRIBUTE_GID));
                uid = uid.or(() -> assigned(obligation, Xacml.ATTRIBUTE_UID));
            }
        }
        return new XacmlAnswer(decision, username, gid, group, uid);
    }

    /** A nested StatusCode (a detail under the top-level one) is not a verdict of its own. */
    private static boolean isSecondLevel(Element status) {
        Node parent = status.getParentNode();
        return parent instanceof Element p && "StatusCode".equals(p.getLocalName());
    }

    private static Optional<String> assigned(Element obligation, String attributeId) {
        for (Element a : all(obligation, "AttributeAssignment")) {
            if (a.getAttribute("AttributeId").strip().equals(attributeId)) {
                String value = a.getTextContent().strip();
                return value.isEmpty() ? Optional.empty() : Optional.of(value);
            }
        }
        return Optional.empty();
    }

    private static Optional<Element> first(Element root, String localName) {
        List<Element> found = all(root, localName);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
    }

    private static List<Element> all(Element root, String localName) {
        NodeList nodes = root.getElementsByTagNameNS("*", localName);
        List<Element> out = new ArrayList<>(nodes.getLength());
        for (int i = 0; i < nodes.getLength(); i++) {
            out.add((Element) nodes.item(i));
        }
        return out;
    }
}
