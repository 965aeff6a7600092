package org.opensrm.server.soap;

import com.sun.xml.ws.api.BindingID;
import com.sun.xml.ws.api.server.InstanceResolver;
import com.sun.xml.ws.api.server.SDDocumentSource;
import com.sun.xml.ws.api.server.WSEndpoint;
import com.sun.xml.ws.api.streaming.XMLStreamWriterFactory;
import com.sun.xml.ws.transport.http.servlet.ServletAdapter;
import com.sun.xml.ws.transport.http.servlet.ServletAdapterList;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLOutputFactory;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.server.metrics.AdmissionControl;
import org.opensrm.server.soap.gen.SrmLsRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves the SRM port through the JAX-WS RI, hosted programmatically (no sun-jaxws.xml, no container scanning).
 * Before JAX-WS sees a request it: bounds its size, normalises Axis-1 encoding, refuses mistyped values, blanks the
 * SOAPAction (real clients send inconsistent values; dispatch is on the Body's first element), records the caller's
 * TLS identity for {@link SoapCalls}, and takes a processing slot from {@link AdmissionControl}.
 *
 * <p>A request that finds no free slot is suspended (servlet async: it holds no thread while it waits) and queued;
 * when a slot is handed to it, it is dispatched again and answered. A request refused by admission control (queue
 * full, or its wait ran out) still goes through JAX-WS, which answers it "busy" in the operation's own response
 * type ({@link SoapCalls#BUSY}).
 */
public final class SoapServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(SoapServlet.class);
    private static final String NS = "http://srm.lbl.gov/StorageResourceManager";

    private final transient SrmSoapEndpoint endpoint;
    private final transient CurrentRequest current;
    private final transient Function<HttpServletRequest, Optional<ClientIdentity>> identities;
    private final transient AxisEncodingNormalizer axis = new AxisEncodingNormalizer();
    private static final String LS = "srmLs";
    private static final String SOAP_11_CONTENT_TYPE = "text/xml;charset=utf-8";

    private final transient RequestScan scan = new RequestScan();
    private transient LsRequestReader lsRequests;
    private final transient LongAdder lsLaneAnswers = new LongAdder();
    private final transient AdmissionControl admission;
    private final int maxBodyBytes;
    private transient ServletAdapter adapter;

    public SoapServlet(SrmSoapEndpoint endpoint, CurrentRequest current,
                       Function<HttpServletRequest, Optional<ClientIdentity>> identities, AdmissionControl admission,
                       int maxBodyBytes) {
        this.endpoint = endpoint;
        this.current = current;
        this.identities = identities;
        this.admission = admission;
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public void init() throws ServletException {
        // Answers are written by the JDK's StAX writer, which hands JAX-WS its output stream, so that JAXB writes
        // the payload straight to UTF-8 bytes. hadoop-client-runtime registers its relocated Woodstox as the JVM's
        // StAX provider, and JAX-WS cannot find the stream of that one (its property names were relocated too):
        // every element then went through two writer layers, about half of the CPU an srmLs answer costs. This
        // sets JAX-WS's writer factory for this class loader; every SRM servlet sets the same.
        XMLStreamWriterFactory.set(new XMLStreamWriterFactory.Default(XMLOutputFactory.newDefaultFactory()));
        try {
            lsRequests = new LsRequestReader();
        } catch (jakarta.xml.bind.JAXBException e) {
            throw new ServletException("cannot bind the srmLs request type", e);
        }
        URL wsdl = SrmSoapEndpoint.class.getResource("/wsdl/srm.v2.2.literal.wsdl");
        if (wsdl == null) {
            throw new ServletException("derived WSDL /wsdl/srm.v2.2.literal.wsdl is missing from the classpath");
        }
        WSEndpoint<SrmSoapEndpoint> ws = WSEndpoint.create(SrmSoapEndpoint.class, false,
                InstanceResolver.createSingleton(endpoint).createInvoker(),
                new QName(NS, "SRMService"), new QName(NS, "srm"), null,
                BindingID.SOAP11_HTTP.createBinding(), SDDocumentSource.create(wsdl), null, null, true);
        adapter = new ServletAdapterList(getServletContext()).createAdapter("srm", "/srm/managerv2", ws);
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        if (req.getDispatcherType() == DispatcherType.ASYNC
                && req.getAttribute(QueuedCall.ATTRIBUTE) instanceof QueuedCall call) {
            answer(req, resp, call.body, call.identity, call.operation, call.permit); // its wait has ended
            return;
        }
        if ("GET".equals(req.getMethod()) && req.getQueryString() != null
                && req.getQueryString().equalsIgnoreCase("wsdl")) {
            adapter.publishWSDL(getServletContext(), req, resp);
            return;
        }
        if (!"POST".equals(req.getMethod())) {
            resp.setHeader("Allow", "POST");
            resp.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED, "the SRM service accepts SOAP POST requests");
            return;
        }
        long declared = req.getContentLengthLong();
        if (declared > maxBodyBytes) {
            LOG.info("refused a {}-byte request body (limit {})", declared, maxBodyBytes);
            resp.sendError(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, "request body exceeds " + maxBodyBytes + " bytes");
            return;
        }
        byte[] body = readBounded(req.getInputStream());
        if (body == null) {
            resp.sendError(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, "request body exceeds " + maxBodyBytes + " bytes");
            return;
        }
        if (AxisEncodingNormalizer.applies(body)) {
            body = axis.normalize(body);
        }
        RequestScan.Findings findings = scan.scan(body);
        if (findings.mistyped().isPresent()) {
            LOG.info("refused a request with a mistyped value: {}", findings.mistyped().get());
            ClientFault.send(resp, findings.mistyped().get());
            return;
        }
        ClientIdentity identity = identities.apply(req).orElse(null);
        AdmissionControl.Permit permit = admission.tryEnter(findings.operation());
        if (permit != null) {
            answer(req, resp, body, identity, findings.operation(), permit);
            return;
        }
        AsyncContext async = req.startAsync();
        async.setTimeout(0); // admission control ends the wait
        QueuedCall call = new QueuedCall(async, body, identity, findings.operation());
        req.setAttribute(QueuedCall.ATTRIBUTE, call);
        if (!admission.enqueue(findings.operation(), call)) {
            req.removeAttribute(QueuedCall.ATTRIBUTE);
            try {
                answer(req, resp, body, identity, findings.operation(), null);
            } finally {
                async.complete();
            }
        }
    }

    /**
     * Runs the call through JAX-WS: with a slot (released here), or without one to answer it "busy". A plain srmLs
     * with a slot takes the srmLs lane instead: the same endpoint method, its answer written by
     * {@link LsAnswerWriter}.
     */
    private void answer(HttpServletRequest req, HttpServletResponse resp, byte[] body, ClientIdentity identity,
                        String operation, AdmissionControl.Permit permit) throws IOException {
        current.set(identity, permit == null);
        try {
            if (permit != null && LS.equals(operation) && answeredInLsLane(resp, body)) {
                return;
            }
            BufferedResponse buffered = new BufferedResponse(resp);
            adapter.handle(getServletContext(), new NormalizedRequest(req, body), buffered);
            buffered.complete();
        } finally {
            current.clear();
            if (permit != null) {
                admission.exit(permit);
            }
        }
    }

    private boolean answeredInLsLane(HttpServletResponse resp, byte[] body) throws IOException {
        SrmLsRequest request = lsRequests.read(body);
        if (request == null) {
            return false;
        }
        byte[] answer = LsAnswerWriter.write(endpoint.srmLs(request));
        resp.setContentType(SOAP_11_CONTENT_TYPE);
        resp.setContentLength(answer.length);
        resp.getOutputStream().write(answer);
        lsLaneAnswers.increment();
        return true;
    }

    /** srmLs calls answered in the srmLs lane since the start (the others went through JAX-WS). */
    public long lsLaneAnswers() {
        return lsLaneAnswers.sum();
    }

    /** A suspended request waiting for a slot; dispatched again once admission control has decided. */
    private final class QueuedCall implements AdmissionControl.Waiter {
        static final String ATTRIBUTE = "org.opensrm.server.queuedCall";

        private final AsyncContext async;
        private final byte[] body;
        private final ClientIdentity identity;
        private final String operation;
        private volatile AdmissionControl.Permit permit;

        QueuedCall(AsyncContext async, byte[] body, ClientIdentity identity, String operation) {
            this.async = async;
            this.body = body;
            this.identity = identity;
            this.operation = operation;
        }

        @Override
        public void admitted(AdmissionControl.Permit granted) {
            permit = granted;
            if (!dispatch()) {
                admission.exit(granted);
            }
        }

        @Override
        public void refused() {
            dispatch();
        }

        private boolean dispatch() {
            try {
                async.dispatch();
                return true;
            } catch (IllegalStateException e) { // the request ended while it waited (client gone, server stopping)
                LOG.debug("a queued request ended before it could be answered: {}", e.toString());
                return false;
            }
        }
    }

    private byte[] readBounded(InputStream in) throws IOException {
        byte[] data = in.readNBytes(maxBodyBytes + 1);
        return data.length > maxBodyBytes ? null : data;
    }
}
