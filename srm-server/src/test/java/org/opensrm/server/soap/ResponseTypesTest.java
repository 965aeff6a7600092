package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.Caller;
import org.opensrm.server.soap.gen.ISRM;
import org.opensrm.server.soap.gen.SrmLsResponse;
import org.opensrm.server.soap.gen.SrmPingResponse;
import org.opensrm.server.soap.gen.TReturnStatus;

/**
 * The table of response types and the operations interface, both held to the generated {@code ISRM} interface:
 * every operation of the WSDL has its response type in the table and its method in {@link SrmOperations}, and the
 * endpoint reaches each one through that interface.
 */
class ResponseTypesTest {
    private static final Caller ANYONE = new Caller(ClientIdentity.of("/DC=org/DC=example/CN=Anyone"),
            new Account("srmuser1", 1001, 1002, Set.of(1002)));
    private static final List<String> FULL_MODE_ONLY = List.of("srmStatusOfLsRequest", "srmSuspendRequest",
            "srmResumeRequest", "srmGetRequestSummary", "srmGetRequestTokens");

    private static List<Method> isrm() {
        List<Method> methods = Arrays.stream(ISRM.class.getMethods()).toList();
        assertEquals(39, methods.size(), "SRM v2.2 has 39 operations");
        return methods;
    }

    /** The operations interface's methods by the wire name of the operation their objects answer. */
    private static Map<String, Method> operationsByName() {
        Map<String, Method> byName = new HashMap<>();
        for (Method m : SrmOperations.class.getMethods()) {
            byName.put(((SrmOperation<?, ?>) invoke(m, new SrmOperations() { })).name(), m);
        }
        return byName;
    }

    private static Object invoke(Method m, Object target, Object... args) {
        try {
            return m.invoke(target, args);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(m.getName(), e);
        }
    }

    @Test
    void everyResponseTypeOfTheWsdlIsInTheTableUnderItsOperationsName() {
        for (Method m : isrm()) {
            ResponseType<?> type = ResponseTypes.of(m.getReturnType()).orElse(null);
            assertNotNull(type, m.getReturnType().getSimpleName() + " is missing from the table");
            assertEquals(m.getName(), type.operation());
            assertSame(m.getReturnType(), type.type());
        }
        assertEquals(39, ResponseTypes.ALL.size());
        assertEquals(39, ResponseTypes.ALL.stream().map(ResponseType::type).distinct().count());
    }

    @Test
    void everyEntryMakesAResponseCarryingTheStatusAndReadsItBack() {
        TReturnStatus status = Wire.status(SrmStatus.SRM_FILE_BUSY, "being written");
        for (ResponseType<?> type : ResponseTypes.ALL) {
            Object response = type.withStatus(status);
            assertSame(type.type(), response.getClass());
            SrmStatus read = statusOf(type, response);
            if (type == ResponseTypes.PING) {
                assertEquals(SrmStatus.SRM_SUCCESS, read, "srmPing's answer has no returnStatus");
                SrmPingResponse ping = (SrmPingResponse) response;
                assertEquals("v2.2", ping.getVersionInfo());
                assertEquals("SRM_FILE_BUSY: being written", ping.getOtherInfo().getExtraInfoArray().get(0).getValue());
            } else {
                assertEquals(SrmStatus.SRM_FILE_BUSY, read, type.operation());
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <R> SrmStatus statusOf(ResponseType<R> type, Object response) {
        return type.statusOf((R) response);
    }

    @Test
    void aResponseWithoutItsStatusOrWithAnUnknownCodeCountsAsAnInternalError() {
        assertEquals(SrmStatus.SRM_INTERNAL_ERROR, ResponseTypes.LS.statusOf(new SrmLsResponse()));
        assertEquals(SrmStatus.SRM_INTERNAL_ERROR, ResponseTypes.LS.statusOf(null));
        TReturnStatus odd = new TReturnStatus();
        odd.setStatusCode("SRM_NO_SUCH_CODE");
        assertEquals(SrmStatus.SRM_INTERNAL_ERROR, ResponseTypes.LS.statusOf(ResponseTypes.LS.withStatus(odd)));
    }

    @Test
    void everyOperationOfTheWsdlHasItsMethodInTheOperationsInterface() {
        Map<String, Method> ops = operationsByName();
        assertEquals(isrm().stream().map(Method::getName).collect(Collectors.toCollection(TreeSet::new)),
                new TreeSet<>(ops.keySet()));
        for (Method m : isrm()) {
            ParameterizedType t = (ParameterizedType) ops.get(m.getName()).getGenericReturnType();
            assertEquals(m.getParameterTypes()[0], t.getActualTypeArguments()[0], m.getName());
            assertEquals(m.getReturnType(), t.getActualTypeArguments()[1], m.getName());
        }
    }

    @Test
    void byDefaultEveryOperationIsNotSupportedSayingWhichModeOffersIt() {
        for (Method m : SrmOperations.class.getMethods()) {
            SrmOperation<Object, ?> op = (SrmOperation<Object, ?>) invoke(m, new SrmOperations() { });
            SrmException e = assertThrows(SrmException.class, () -> op.handle(ANYONE, null), op.name());
            assertEquals(SrmStatus.SRM_NOT_SUPPORTED, e.status(), op.name());
            String expected = FULL_MODE_ONLY.contains(op.name())
                    ? op.name() + " needs full mode (srm.mode=full)"
                    : op.name() + " is not supported by this storage element";
            assertEquals(expected, e.getMessage());
        }
    }

    @Test
    void theEndpointAsksTheInterfaceForEachOperationAndAnswersInItsResponseType() throws Exception {
        List<String> asked = new ArrayList<>();
        SrmOperations defaults = (SrmOperations) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {SrmOperations.class}, (proxy, method, args) -> {
                    asked.add(method.getName());
                    return InvocationHandler.invokeDefault(proxy, method, args);
                });
        CurrentRequest current = new CurrentRequest();
        SrmSoapEndpoint endpoint = new SrmSoapEndpoint(new SoapCalls(current, client -> ANYONE.account()), defaults);
        Map<String, Method> ops = operationsByName();
        current.set(ANYONE.identity(), null);
        try {
            for (Method m : isrm()) {
                asked.clear();
                Object response = m.invoke(endpoint, m.getParameterTypes()[0].getConstructor().newInstance());
                assertEquals(List.of(ops.get(m.getName()).getName()), asked, m.getName());
                assertSame(m.getReturnType(), response.getClass(), m.getName());
                SrmStatus status = statusOf(ResponseTypes.of(m.getReturnType()).orElseThrow(), response);
                if (m.getName().equals("srmPing")) {
                    assertTrue(((SrmPingResponse) response).getOtherInfo().getExtraInfoArray().get(0).getValue()
                            .startsWith("SRM_NOT_SUPPORTED: srmPing"));
                } else {  // an empty request may lack what the WSDL requires, which is checked first
                    assertTrue(status == SrmStatus.SRM_NOT_SUPPORTED || status == SrmStatus.SRM_INVALID_REQUEST,
                            m.getName() + " answered " + status);
                }
            }
        } finally {
            current.clear();
        }
    }
}
