package org.opensrm.server.soap;

import com.sun.xml.ws.api.BindingID;
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
import org.opensrm.authz.DelegatedCredential;
import org.opensrm.common.SrmStatus;
import org.opensrm.server.soap.gen.ISRM;
import org.opensrm.server.soap.lane.RequestScan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves the SRM port through the JAX-WS RI, hosted programmatically (no sun-jaxws.xml, no container scanning).
 * Before JAX-WS sees a request it: refuses encoded bodies (415), bounds the body's size (413), takes the call's
 * share of the memory budget ({@link RequestCost}), normalises Axis-1 encoding, refuses mistyped values and requests
 * with more than {@link RequestLimits#maxItems} array items, blanks the SOAPAction (real clients send inconsistent
 * values; dispatch is on the Body's first element), records the caller's TLS identity in the call's
 * {@link Arrival} for {@link SoapCalls}, and takes a processing slot from {@link AdmissionControl}. A refused call
 * is answered in its operation's response type without its request being decoded ({@link RefusedCall}).
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

    private final transient OperationTable table;
    private final transient SoapCalls calls;
    private final transient Function<HttpServletRequest, Optional<ClientIdentity>> identities;
    private final transient Function<HttpServletRequest, Optional<DelegatedCredential>> delegations;
    private final transient AxisEncodingNormalizer axis = new AxisEncodingNormalizer();
    private static final String SOAP_11_CONTENT_TYPE = "text/xml;charset=utf-8";
    /** How much of a body refused unread is read to learn its operation (real clients name it in the first 1 KB). */
    private static final int PREFIX_BYTES = 16 * 1024;

    private final transient RequestScan scan = new RequestScan();
    private transient SoapLanes lanes;
    private final transient AdmissionControl admission;
    private final transient RequestLimits limits;
    private final transient RequestCost cost;
    private final transient LongAdder tooLarge = new LongAdder();
    private transient ServletAdapter adapter;
    private transient java.util.logging.Logger riAdapterLog;

    public SoapServlet(OperationTable table, SoapCalls calls,
                       Function<HttpServletRequest, Optional<ClientIdentity>> identities, AdmissionControl admission,
                       RequestLimits limits) {
        this(table, calls, identities, req -> Optional.empty(), admission, limits);
    }

    /**
     * @param table       the operations, looked up by name on both paths (JAX-WS and the lanes)
     * @param calls       runs an operation for a call's {@link Arrival}
     * @param delegations the credential the client delegated on the request's connection (GSI delegation), handed
     *                    to the operations with the caller (srmCopy acts with it)
     */
    public SoapServlet(OperationTable table, SoapCalls calls,
                       Function<HttpServletRequest, Optional<ClientIdentity>> identities,
                       Function<HttpServletRequest, Optional<DelegatedCredential>> delegations,
                       AdmissionControl admission, RequestLimits limits) {
        this.table = table;
        this.calls = calls;
        this.identities = identities;
        this.delegations = delegations;
        this.admission = admission;
        this.limits = limits;
        this.cost = new RequestCost(limits.listingEntries());
    }

    @Override
    public void init() throws ServletException {
        // Answers are written by the JDK's StAX writer, which hands JAX-WS its output stream, so that JAXB writes
        // the payload straight to UTF-8 bytes. hadoop-client-runtime registers its relocated Woodstox as the JVM's
        // StAX provider, and JAX-WS cannot find the stream of that one (its property names were relocated too):
        // every element then went through two writer layers, about half of the CPU an srmLs answer costs. This
        // sets JAX-WS's writer factory for this class loader; every SRM servlet sets the same.
        XMLStreamWriterFactory.set(new XMLStreamWriterFactory.Default(XMLOutputFactory.newDefaultFactory()));
        riAdapterLog = ClientFaultLog.install();
        try {
            lanes = new SoapLanes(table, calls);
        } catch (jakarta.xml.bind.JAXBException e) {
            throw new ServletException("cannot bind the request types of the lanes", e);
        }
        URL wsdl = SoapServlet.class.getResource("/wsdl/srm.v2.2.literal.wsdl");
        if (wsdl == null) {
            throw new ServletException("derived WSDL /wsdl/srm.v2.2.literal.wsdl is missing from the classpath");
        }
        // the RI models the generated port type and hands every decoded call to the table (no endpoint object)
        WSEndpoint<ISRM> ws = WSEndpoint.create(ISRM.class, false, new TableInvoker(table, calls),
                new QName(NS, "SRMService"), new QName(NS, "srm"), null,
                BindingID.SOAP11_HTTP.createBinding(), SDDocumentSource.create(wsdl), null, null, true);
        adapter = new ServletAdapterList(getServletContext()).createAdapter("srm", "/srm/managerv2", ws);
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        if (req.getDispatcherType() == DispatcherType.ASYNC
                && req.getAttribute(QueuedCall.ATTRIBUTE) instanceof QueuedCall call) {
            answer(req, resp, call.body, call.request, call.identity, call.operation, call.permit, call.reserved);
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
        String encoding = req.getHeader("Content-Encoding");
        if (encoding != null && !encoding.isBlank() && !encoding.strip().equalsIgnoreCase("identity")) {
            LOG.warn("refused a request body with Content-Encoding '{}' (only unencoded bodies are accepted)",
                    encoding);
            resp.sendError(HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE,
                    "Content-Encoding " + encoding + " is not accepted: send the SOAP body unencoded");
            return;
        }
        long declared = req.getContentLengthLong();
        if (declared > limits.maxBodyBytes()) {
            LOG.warn("refused a {}-byte request body (limit {}, srm.request.max.bytes)", declared, limits.maxBodyBytes());
            resp.sendError(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
                    "request body exceeds " + limits.maxBodyBytes() + " bytes");
            return;
        }
        ClientIdentity identity = identities.apply(req).orElse(null);
        long reserved = RequestCost.ofBody(declared >= 0 ? declared : limits.maxBodyBytes());
        if (!admission.reserve(reserved)) {
            refuseUnread(req, resp, identity);
            return;
        }
        boolean handedOn = false;
        try {
            byte[] body = readBounded(req.getInputStream());
            if (body == null) {
                LOG.warn("refused a request body of more than {} bytes (srm.request.max.bytes)", limits.maxBodyBytes());
                resp.sendError(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
                        "request body exceeds " + limits.maxBodyBytes() + " bytes");
                return;
            }
            if (AxisEncodingNormalizer.applies(body)) {
                long rewriting = RequestCost.ofRewriting(body.length);
                if (!admission.reserve(rewriting, reserved)) {
                    refuse(req, resp, identity, operationIn(body), Arrival.Refusal.BUSY);
                    return;
                }
                reserved += rewriting;
                body = axis.normalize(body);
            }
            RequestScan.Findings findings = scan.scan(body);
            if (findings.mistyped().isPresent()) {
                LOG.warn("refused a request with a mistyped value: {}", findings.mistyped().get());
                ClientFault.send(resp, findings.mistyped().get());
                return;
            }
            String operation = findings.operation();
            if (findings.items() > limits.maxItems()) {
                tooLarge.increment();
                LOG.warn("refused {} with {} array items (limit {}, srm.request.max.items)", operation,
                        findings.items(), limits.maxItems());
                refuse(req, resp, identity, operation, new Arrival.Refusal(SrmStatus.SRM_INVALID_REQUEST,
                        "the request holds " + findings.items() + " SURLs or file requests: this server takes at most "
                                + limits.maxItems() + " in one request; split it"));
                return;
            }
            long answer = cost.ofAnswer(operation, findings.items());
            if (!admission.reserve(answer, reserved)) {
                refuse(req, resp, identity, operation, Arrival.Refusal.BUSY);
                return;
            }
            reserved += answer;
            handedOn = true;
            admit(req, resp, body, findings.request(), identity, operation, reserved);
        } finally {
            if (!handedOn) {
                admission.release(reserved);
            }
        }
    }

    /** Runs the call now, or suspends it until admission control decides; releases {@code reserved} in the end. */
    private void admit(HttpServletRequest req, HttpServletResponse resp, byte[] body, Object request,
                       ClientIdentity identity, String operation, long reserved) throws IOException {
        AdmissionControl.Permit permit = admission.tryEnter(operation);
        if (permit != null) {
            answer(req, resp, body, request, identity, operation, permit, reserved);
            return;
        }
        AsyncContext async = req.startAsync();
        async.setTimeout(0); // admission control ends the wait
        QueuedCall call = new QueuedCall(async, body, request, identity, operation, reserved);
        req.setAttribute(QueuedCall.ATTRIBUTE, call);
        if (!admission.enqueue(operation, call)) {
            req.removeAttribute(QueuedCall.ATTRIBUTE);
            try {
                answer(req, resp, body, request, identity, operation, null, reserved);
            } finally {
                async.complete();
            }
        }
    }

    /**
     * Runs the call through JAX-WS with a slot (released here), or answers it "busy" without one. A plain call of an
     * operation with a lane ({@link SoapLanes}: srmLs, a get's cycle) takes its lane instead: the same operation of
     * the table, its answer written by an {@link AnswerWriter}. The memory the call {@code reserved} is given back
     * here.
     *
     * @param request the request the scan decoded from {@code body} for its lane; null if it did not
     */
    private void answer(HttpServletRequest req, HttpServletResponse resp, byte[] body, Object request,
                        ClientIdentity identity, String operation, AdmissionControl.Permit permit, long reserved)
            throws IOException {
        try {
            if (permit == null) {
                refuse(req, resp, identity, operation, Arrival.Refusal.BUSY);
                return;
            }
            try {
                Arrival arrival = Arrival.of(identity, delegations.apply(req));
                if (answeredInLane(resp, operation, arrival, body, request)) {
                    return;
                }
                BufferedResponse buffered = new BufferedResponse(resp);
                adapter.handle(getServletContext(), new NormalizedRequest(req, body, arrival), buffered);
                String fault = buffered.complete();
                if (fault != null) {
                    LOG.warn("answered a request with a fault: {}", fault);
                }
            } finally {
                admission.exit(permit);
            }
        } finally {
            admission.release(reserved);
        }
    }

    /**
     * Answers {@code operation} with {@code refusal} in its own response type without decoding the request: JAX-WS
     * is handed an empty call of the same operation ({@link RefusedCall}), so a refused request of many megabytes
     * costs no more than a ping.
     */
    private void refuse(HttpServletRequest req, HttpServletResponse resp, ClientIdentity identity, String operation,
                        Arrival.Refusal refusal) throws IOException {
        byte[] standIn = RefusedCall.body(operation);
        if (standIn == null) { // not an SRM call: a fault, as JAX-WS would have answered it
            ClientFault.send(resp, refusal.explanation());
            return;
        }
        BufferedResponse buffered = new BufferedResponse(resp);
        adapter.handle(getServletContext(), new NormalizedRequest(req, standIn, Arrival.refused(identity, refusal)),
                buffered);
        buffered.complete();
    }

    /**
     * Answers "busy" a request whose body does not fit the memory budget without holding it: the first
     * {@value #PREFIX_BYTES} bytes, which name the operation in every request real clients send, are kept; the rest
     * is read and dropped, so that the client, still sending, reads its answer on a connection that stays open.
     */
    private void refuseUnread(HttpServletRequest req, HttpServletResponse resp, ClientIdentity identity)
            throws IOException {
        InputStream in = req.getInputStream();
        byte[] prefix = in.readNBytes(PREFIX_BYTES);
        byte[] drain = new byte[PREFIX_BYTES];
        long left = limits.maxBodyBytes();
        for (int n; left > 0 && (n = in.read(drain, 0, (int) Math.min(drain.length, left))) > 0; ) {
            left -= n;
        }
        refuse(req, resp, identity, operationIn(prefix), Arrival.Refusal.BUSY);
    }

    /** The operation a body (or its beginning) names, read from at most its first {@value #PREFIX_BYTES} bytes. */
    private String operationIn(byte[] body) {
        return scan.parse(body.length <= PREFIX_BYTES ? body : java.util.Arrays.copyOf(body, PREFIX_BYTES)).operation();
    }

    private boolean answeredInLane(HttpServletResponse resp, String operation, Arrival arrival, byte[] body,
                                   Object request) throws IOException {
        byte[] answer = lanes.answer(operation, arrival, body, request);
        if (answer == null) {
            return false;
        }
        resp.setContentType(SOAP_11_CONTENT_TYPE);
        resp.setContentLength(answer.length);
        resp.getOutputStream().write(answer);
        return true;
    }

    /** Calls refused since the start because they held more than {@code srm.request.max.items} array items. */
    public long tooLargeRefusals() {
        return tooLarge.sum();
    }

    /** srmLs calls answered in the srmLs lane since the start (the others went through JAX-WS). */
    public long lsLaneAnswers() {
        return lanes.answers("srmLs");
    }

    /** Calls of a get's cycle (srmPrepareToGet, srmStatusOfGetRequest, srmReleaseFiles) answered in their lanes. */
    public long getLaneAnswers() {
        return lanes.answers("srmPrepareToGet") + lanes.answers("srmStatusOfGetRequest")
                + lanes.answers("srmReleaseFiles");
    }

    /** A suspended request waiting for a slot; dispatched again once admission control has decided. */
    private final class QueuedCall implements AdmissionControl.Waiter {
        static final String ATTRIBUTE = "org.opensrm.server.queuedCall";

        private final AsyncContext async;
        private final byte[] body;
        private final Object request;
        private final ClientIdentity identity;
        private final String operation;
        private final long reserved;
        private volatile AdmissionControl.Permit permit;

        QueuedCall(AsyncContext async, byte[] body, Object request, ClientIdentity identity, String operation,
                   long reserved) {
            this.async = async;
            this.body = body;
            this.request = request;
            this.identity = identity;
            this.operation = operation;
            this.reserved = reserved;
        }

        @Override
        public void admitted(AdmissionControl.Permit granted) {
            permit = granted;
            if (!dispatch()) {
                admission.exit(granted);
                admission.release(reserved);
            }
        }

        @Override
        public void refused() {
            if (!dispatch()) {
                admission.release(reserved);
            }
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
        byte[] data = in.readNBytes(limits.maxBodyBytes() + 1);
        return data.length > limits.maxBodyBytes() ? null : data;
    }
}
