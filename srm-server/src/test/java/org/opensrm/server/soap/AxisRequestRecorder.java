package org.opensrm.server.soap;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import javax.xml.namespace.QName;
import javax.xml.rpc.ParameterMode;
import org.apache.axis.AxisFault;
import org.apache.axis.Constants;
import org.apache.axis.client.Call;
import org.apache.axis.client.Service;
import org.apache.axis.constants.Style;
import org.apache.axis.constants.Use;
import org.apache.axis.encoding.ser.BeanDeserializerFactory;
import org.apache.axis.encoding.ser.BeanSerializerFactory;

/**
 * Makes the Axis 1.4 client library send one rpc/encoded SRM request and records the bytes it sends: the request
 * goes to a one-shot local HTTP socket that keeps the headers and body and answers with a SOAP fault (which Axis
 * reports as an {@link AxisFault}, expected here).
 */
final class AxisRequestRecorder {
    /** What Axis sent: its headers (in order) and body. */
    record Sent(Map<String, String> headers, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private static final String FAULT = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
            + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body>"
            + "<soapenv:Fault><faultcode>soapenv:Server</faultcode><faultstring>recorded</faultstring>"
            + "</soapenv:Fault></soapenv:Body></soapenv:Envelope>";

    private AxisRequestRecorder() {
    }

    /**
     * Has Axis call {@code operation} with one encoded parameter {@code part} of bean type {@code request}; every
     * bean class in {@code beans} is registered with Axis' bean (de)serialiser under its TypeDesc's XML type.
     */
    static Sent send(String operation, String soapAction, String part, Object request, Class<?>... beans)
            throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Call call = (Call) new Service().createCall();
            call.setTargetEndpointAddress(new URL("http://127.0.0.1:" + socket.getLocalPort() + "/srm/managerv2"));
            call.setOperationStyle(Style.RPC);
            call.setOperationUse(Use.ENCODED);
            call.setEncodingStyle(Constants.URI_SOAP11_ENC);
            call.setOperationName(new QName(AxisBeans.SRM, operation));
            call.setUseSOAPAction(true);
            call.setSOAPActionURI(soapAction);
            for (Class<?> bean : beans) {
                QName type = xmlType(bean);
                call.registerTypeMapping(bean, type, new BeanSerializerFactory(bean, type),
                        new BeanDeserializerFactory(bean, type));
            }
            call.addParameter(new QName("", part), xmlType(request.getClass()), request.getClass(),
                    ParameterMode.IN);
            call.setReturnType(Constants.XSD_ANYTYPE);

            Thread caller = new Thread(() -> {
                try {
                    call.invoke(new Object[] {request});
                } catch (AxisFault expected) {
                    // the recorder answers with a fault
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, "axis-client");
            caller.setDaemon(true);
            caller.start();
            socket.setSoTimeout(30_000);
            try (Socket s = socket.accept()) {
                Sent sent = read(new BufferedInputStream(s.getInputStream()));
                OutputStream out = s.getOutputStream();
                byte[] fault = FAULT.getBytes(StandardCharsets.UTF_8);
                out.write(("HTTP/1.0 500 Internal Server Error\r\nContent-Type: text/xml; charset=utf-8\r\n"
                        + "Content-Length: " + fault.length + "\r\nConnection: close\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                out.write(fault);
                out.flush();
                s.shutdownOutput();
                caller.join(5_000);
                return sent;
            }
        }
    }

    private static QName xmlType(Class<?> bean) throws ReflectiveOperationException {
        return ((org.apache.axis.description.TypeDesc) bean.getMethod("getTypeDesc").invoke(null)).getXmlType();
    }

    private static Sent read(InputStream in) throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        String requestLine = line(in);
        if (requestLine == null || !requestLine.startsWith("POST ")) {
            throw new IOException("Axis sent no POST: " + requestLine);
        }
        for (String l = line(in); l != null && !l.isEmpty(); l = line(in)) {
            int colon = l.indexOf(':');
            headers.put(l.substring(0, colon).trim(), l.substring(colon + 1).trim());
        }
        String length = headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase("Content-Length"))
                .map(Map.Entry::getValue).findFirst().orElse(null);
        byte[] body;
        if (length != null) {
            body = in.readNBytes(Integer.parseInt(length));
        } else if (headers.entrySet().stream().anyMatch(e -> e.getKey().equalsIgnoreCase("Transfer-Encoding")
                && e.getValue().toLowerCase(Locale.ROOT).contains("chunked"))) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            for (int size = Integer.parseInt(line(in).split(";")[0].trim(), 16); size > 0;
                    size = Integer.parseInt(line(in).split(";")[0].trim(), 16)) {
                b.write(in.readNBytes(size));
                line(in);
            }
            body = b.toByteArray();
        } else {
            throw new IOException("Axis sent neither Content-Length nor chunked body");
        }
        return new Sent(headers, body);
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c = in.read(); c != -1; c = in.read()) {
            if (c == '\n') {
                String s = b.toString(StandardCharsets.ISO_8859_1);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            b.write(c);
        }
        return b.size() == 0 ? null : b.toString(StandardCharsets.ISO_8859_1);
    }
}
