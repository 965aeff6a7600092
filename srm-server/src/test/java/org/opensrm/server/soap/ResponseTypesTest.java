package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
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
 * The table of response types and the {@link OperationTable}, both held to the generated {@code ISRM} interface:
 * every operation of the WSDL has its response type in the table and its entry in the operation table, and the
 * JAX-WS path ({@link TableInvoker}) reaches each one by the port method's name.
 */
class ResponseTypesTest {
    private static final Caller ANYONE = new Caller(ClientIdentity.of("/DC=org/DC=example/CN=Anyone"),
            new Account("srmuser1", 1001, 1002, Set.of(1002)));

    private static List<Method> isrm() {
        List<Method> methods = Arrays.stream(ISRM.class.getMethods()).toList();
        assertEquals(39, methods.size(), "SRM v2.2 has 39 operations");
        return methods;
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
    void aTableWithNothingRegisteredHasEveryOperationOfTheWsdlAnsweringNotSupported() throws Exception {
        OperationTable empty = OperationTable.builder().build();
        Set<String> wsdl = new TreeSet<>();
        isrm().forEach(m -> wsdl.add(m.getName()));
        Set<String> table = new TreeSet<>();
        empty.all().forEach(op -> table.add(op.name()));
        assertEquals(wsdl, table);
        for (SrmOperation<?, ?> op : empty.all()) {
            SrmException e = assertThrows(SrmException.class, () -> op.handle(ANYONE, null), op.name());
            assertEquals(SrmStatus.SRM_NOT_SUPPORTED, e.status(), op.name());
            assertEquals(op.name() + " is not supported by this storage element", e.getMessage());
            assertFalse(op.needsAccount(), op.name());
        }
        assertNull(empty.get("srmNoSuchCall"));
    }

    @Test
    void anOperationRegisteredTwiceIsRefused() {
        RecordingOperations recording = new RecordingOperations();
        OperationTable.Builder table = OperationTable.builder().add(recording.operations().get("srmLs"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> table.add(recording.operations().get("srmLs")));
        assertTrue(e.getMessage().startsWith("srmLs is registered twice"), e.getMessage());
    }

    @Test
    void theInvokerRunsThePortMethodsOperationFromTheTableAndAnswersInItsResponseType() throws Exception {
        RecordingOperations recording = new RecordingOperations();
        TableInvoker invoker = new TableInvoker(recording.operations(), new SoapCalls(client -> ANYONE.account()));
        Arrival anyone = Arrival.of(ANYONE.identity(), java.util.Optional.empty());
        for (Method m : isrm()) {
            recording.clear();
            Object request = m.getParameterTypes()[0].getConstructor().newInstance();
            Object response = invoker.run(m, anyone, request);
            assertSame(m.getReturnType(), response.getClass(), m.getName());
            List<RecordingOperations.Dispatched> calls = recording.calls();
            // an empty request may lack what the WSDL requires, which is checked before the operation runs
            if (!calls.isEmpty()) {
                assertEquals(List.of(new RecordingOperations.Dispatched(m.getName(), request)), calls);
            } else {
                assertEquals(SrmStatus.SRM_INVALID_REQUEST,
                        statusOf(ResponseTypes.of(m.getReturnType()).orElseThrow(), response), m.getName());
            }
        }
    }

    @Test
    void aCallNobodyIdentifiedIsAnAuthenticationFailureWithoutRunning() throws Exception {
        RecordingOperations recording = new RecordingOperations();
        TableInvoker invoker = new TableInvoker(recording.operations(), new SoapCalls(client -> ANYONE.account()));
        Method ls = ISRM.class.getMethod("srmLs", org.opensrm.server.soap.gen.SrmLsRequest.class);
        Object response = invoker.run(ls, Arrival.ANONYMOUS, new org.opensrm.server.soap.gen.SrmLsRequest());
        assertEquals(SrmStatus.SRM_AUTHENTICATION_FAILURE, ResponseTypes.LS.statusOf((SrmLsResponse) response));
        assertTrue(recording.calls().isEmpty());
    }
}
