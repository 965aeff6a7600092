package org.opensrm.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;
import javax.xml.parsers.DocumentBuilderFactory;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A GUMS for tests: serves the XACML-over-SAML2 SOAP protocol of real GUMS (its quirks included: the non-standard
 * status value, no {@code ID}/{@code IssueInstant} on Response and Assertion, an empty {@code username}
 * obligation on a Deny) over real HTTPS on loopback, requiring a client certificate issued by the test CA, and
 * records what each query carried.
 */
public final class GumsResponder implements AutoCloseable {
    public static final String PATH = "/gums/services/GUMSXACMLAuthorizationServicePort";

    // The protocol's names, written out here (not shared with the client) so that the tests check the client
    // against the protocol rather than against itself.
    private static final String SOAP = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String QUERY_NS = "urn:oasis:names:tc:xacml:2.0:profile:saml2.0:v2:schema:protocol";
    private static final String CONTEXT = "urn:oasis:names:tc:xacml:2.0:context:schema:os";
    private static final String STRING = "http://www.w3.org/2001/XMLSchema#string";
    private static final String SUBJECT = "http://authz-interop.org/xacml/subject/";
    private static final String RESOURCE = "http://authz-interop.org/xacml/resource/";
    public static final String OBLIGATION_USERNAME = "http://authz-interop.org/xacml/obligation/username";
    public static final String OBLIGATION_UIDGID = "http://authz-interop.org/xacml/obligation/uidgid";
    public static final String OBLIGATION_ACCOUNT = "http://authz-interop.org/xacml/obligation/account";
    private static final String ATTRIBUTE_USERNAME = "http://authz-interop.org/xacml/attribute/username";
    private static final String ATTRIBUTE_GID = "http://authz-interop.org/xacml/attribute/posix-gid";
    private static final String ATTRIBUTE_UID = "http://authz-interop.org/xacml/attribute/posix-uid";
    private static final String ATTRIBUTE_GROUPNAME = "http://authz-interop.org/xacml/attribute/primary-groupname";

    /** What one query carried. */
    public record Received(String clientCertificateSubject, String dn, String issuer, List<String> fqans,
                    List<String> primaryFqan, List<String> vo, List<String> seHost, List<String> seDn,
                    List<String> obligationsSupported, String soapAction) {
    }

    /** How to answer. */
    public record Reply(int status, String body, long delayMillis) {
        public static Reply ok(String body) {
            return new Reply(200, body, 0);
        }

        public Reply delayed(long millis) {
            return new Reply(status, body, millis);
        }
    }

    private final HttpsServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private volatile Function<Received, Reply> answers;

    /**
     * Starts on a free loopback port.
     *
     * @param gumsHost its certificate, issued by {@code pki}, whose CA is also the only one trusted for clients
     */
    public GumsResponder(DevPki pki, Credential gumsHost, Function<Received, Reply> answers) throws Exception {
        this(pki, gumsHost, 0, answers);
    }

    /** As {@link #GumsResponder(DevPki, Credential, Function)} on the given loopback port (0: a free one). */
    public GumsResponder(DevPki pki, Credential gumsHost, int port, Function<Received, Reply> answers)
            throws Exception {
        this.answers = answers;
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry("gums", gumsHost.key(), new char[0], gumsHost.chainArray());
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, new char[0]);
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("ca", pki.caCertificate());
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trusted);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        server.setHttpsConfigurator(new HttpsConfigurator(tls) {
            @Override
            public void configure(HttpsParameters params) {
                SSLParameters p = tls.getDefaultSSLParameters();
                p.setNeedClientAuth(true);
                params.setSSLParameters(p);
            }
        });
        server.createContext(PATH, this::handle);
        server.setExecutor(threads);
        server.start();
    }

    public URI endpoint() {
        return URI.create("https://localhost:" + server.getAddress().getPort() + PATH);
    }

    public void answer(Function<Received, Reply> answers) {
        this.answers = answers;
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            X509Certificate peer = (X509Certificate) ((HttpsExchange) exchange).getSSLSession()
                    .getPeerCertificates()[0];
            Received r = parse(peer.getSubjectX500Principal().getName(), body,
                    exchange.getRequestHeaders().getFirst("SOAPAction"));
            received.add(r);
            Reply reply = answers.apply(r);
            if (reply.delayMillis() > 0) {
                Thread.sleep(reply.delayMillis());
            }
            byte[] out = reply.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/xml; charset=utf-8");
            exchange.sendResponseHeaders(reply.status(), out.length);
            try (OutputStream os = exchange.getResponseBody()) {
                os.write(out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            exchange.sendResponseHeaders(400, -1);
        }
    }

    private static Received parse(String certSubject, byte[] body, String soapAction) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(body));
        if (doc.getElementsByTagNameNS(QUERY_NS, "XACMLAuthzDecisionQuery").getLength() != 1) {
            throw new IllegalArgumentException("not an XACMLAuthzDecisionQuery");
        }
        List<String> dn = values(doc, SUBJECT + "subject-x509-id");
        List<String> issuer = values(doc, SUBJECT + "subject-x509-issuer");
        return new Received(certSubject, dn.isEmpty() ? null : dn.get(0), issuer.isEmpty() ? null : issuer.get(0),
                values(doc, SUBJECT + "voms-fqan"), values(doc, SUBJECT + "voms-primary-fqan"), values(doc, SUBJECT + "vo"),
                values(doc, RESOURCE + "dns-host-name"), values(doc, RESOURCE + "resource-x509-id"),
                values(doc, "http://authz-interop.org/xacml/environment/pep-oblig-supported"), soapAction);
    }

    private static List<String> values(Document doc, String attributeId) {
        List<String> out = new ArrayList<>();
        NodeList attributes = doc.getElementsByTagNameNS(CONTEXT, "Attribute");
        for (int i = 0; i < attributes.getLength(); i++) {
            Element a = (Element) attributes.item(i);
            if (a.getAttribute("AttributeId").equals(attributeId)) {
                NodeList v = a.getElementsByTagNameNS(CONTEXT, "AttributeValue");
                for (int j = 0; j < v.getLength(); j++) {
                    out.add(v.item(j).getTextContent());
                }
            }
        }
        return out;
    }

    // ---- answers as real GUMS writes them ----

    public static String permit(String username) {
        return decision("Permit", obligation(OBLIGATION_USERNAME, assignment(ATTRIBUTE_USERNAME, username)));
    }

    public static String permitWithAccount(String username, String primaryGroup) {
        return decision("Permit", obligation(OBLIGATION_ACCOUNT,
                assignment(ATTRIBUTE_USERNAME, username) + assignment(ATTRIBUTE_GROUPNAME, primaryGroup)));
    }

    public static String permitWithGid(String username, String gid) {
        return decision("Permit", obligation(OBLIGATION_USERNAME, assignment(ATTRIBUTE_USERNAME, username))
                + obligation(OBLIGATION_UIDGID, assignment(ATTRIBUTE_GID, gid)));
    }

    /**
     * What real GUMS' XACML service answers when it maps the client to {@code username} with group {@code group}
     * (a gid or a group name; null for none), written after its source: the {@code account} obligation (username,
     * and {@code primary-groupname} for a group name) to a client that listed {@code account} among the
     * obligations it supports, else the {@code username} obligation; a numeric group as a {@code uidgid}
     * obligation with {@code posix-gid} alone; a group name for a client without {@code account} support is an
     * Indeterminate with GUMS' error status.
     */
    public static String asGums(Received query, String username, String group) {
        boolean supportsAccount = query.obligationsSupported().contains(OBLIGATION_ACCOUNT);
        boolean numeric = group != null && group.chars().allMatch(Character::isDigit) && !group.isEmpty();
        boolean named = group != null && !group.isEmpty() && !numeric;
        if (named && !supportsAccount) {
            return decision("Indeterminate", obligation(OBLIGATION_USERNAME, assignment(ATTRIBUTE_USERNAME, username)))
                    .replace("http://oasis/names/tc/xacml/1.0/status/ok", "http://oasis/names/tc/xacml/1.0/status/error");
        }
        String obligations = numeric ? obligation(OBLIGATION_UIDGID, assignment(ATTRIBUTE_GID, group)) : "";
        if (supportsAccount) {
            obligations += obligation(OBLIGATION_ACCOUNT, assignment(ATTRIBUTE_USERNAME, username)
                    + (named ? assignment(ATTRIBUTE_GROUPNAME, group) : ""));
        } else {
            obligations += obligation(OBLIGATION_USERNAME, assignment(ATTRIBUTE_USERNAME, username));
        }
        return decision("Permit", obligations);
    }

    /** The authz-interop profile's account as uid and gid only ({@code uidgid} with {@code posix-uid}). */
    public static String permitWithUidGid(int uid, int gid) {
        return decision("Permit", obligation(OBLIGATION_UIDGID, assignment(ATTRIBUTE_UID, Integer.toString(uid))
                + assignment(ATTRIBUTE_GID, Integer.toString(gid))));
    }

    /** A Deny as real GUMS sends it: with an empty username obligation. */
    public static String deny() {
        return decision("Deny", obligation(OBLIGATION_USERNAME, assignment(ATTRIBUTE_USERNAME, "")));
    }

    public static String decision(String decision, String obligations) {
        return envelope("<samlp:Response xmlns:samlp=\"urn:oasis:names:tc:SAML:2.0:protocol\" Version=\"2.0\">"
                + "<saml:Issuer xmlns:saml=\"urn:oasis:names:tc:SAML:2.0:assertion\">GUMS</saml:Issuer>"
                + "<samlp:Status><samlp:StatusCode Value=\"http://oasis/names/tc/xacml/1.0/status/ok\"/></samlp:Status>"
                + "<saml:Assertion xmlns:saml=\"urn:oasis:names:tc:SAML:2.0:assertion\" Version=\"2.0\">"
                + "<saml:Issuer>GUMS</saml:Issuer>"
                + "<saml:Statement xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
                + " xmlns:xacml-saml=\"urn:oasis:names:tc:xacml:2.0:profile:saml2.0:v2:schema:assertion\""
                + " xsi:type=\"xacml-saml:XACMLAuthzDecisionStatementType\">"
                + "<xacml-context:Response xmlns:xacml-context=\"urn:oasis:names:tc:xacml:2.0:context:schema:os\">"
                + "<xacml-context:Result><xacml-context:Decision>" + decision + "</xacml-context:Decision>"
                + "<xacml-context:Status><xacml-context:StatusCode Value=\"urn:oasis:names:tc:xacml:1.0:status:ok\"/>"
                + "</xacml-context:Status>"
                + "<xacml:Obligations xmlns:xacml=\"urn:oasis:names:tc:xacml:2.0:policy:schema:os\">" + obligations
                + "</xacml:Obligations></xacml-context:Result></xacml-context:Response></saml:Statement>"
                + "</saml:Assertion></samlp:Response>");
    }

    public static String obligation(String id, String assignments) {
        return "<xacml:Obligation ObligationId=\"" + id + "\" FulfillOn=\"Permit\">" + assignments + "</xacml:Obligation>";
    }

    public static String assignment(String id, String value) {
        return "<xacml:AttributeAssignment AttributeId=\"" + id + "\" DataType=\"" + STRING + "\">" + value
                + "</xacml:AttributeAssignment>";
    }

    public static String fault(String reason) {
        return envelope("<soap11:Fault><faultcode>soap11:Server</faultcode><faultstring>" + reason
                + "</faultstring></soap11:Fault>");
    }

    public static String envelope(String body) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><soap11:Envelope xmlns:soap11=\"" + SOAP + "\">"
                + "<soap11:Body>" + body + "</soap11:Body></soap11:Envelope>";
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
