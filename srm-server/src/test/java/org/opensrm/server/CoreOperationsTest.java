package org.opensrm.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Owner;
import org.opensrm.core.service.Caller;
import org.opensrm.core.space.SpaceDetail;
import org.opensrm.core.space.SpaceManagement;
import org.opensrm.core.space.SpaceToken;
import org.opensrm.server.soap.OperationTable;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.gen.ISRM;

/**
 * The composition root's {@link OperationTable}, held to the generated port type {@code ISRM}: it has exactly the
 * WSDL's operations, each answered by a class of its own named after it, whose request and response types are the
 * port method's; and the space reservation operations are in it only when the mode's space management offers them.
 */
class CoreOperationsTest {
    private static final String OPS_PACKAGE = "org.opensrm.server.soap.ops";

    private static Map<String, Method> port() {
        Map<String, Method> byName = Arrays.stream(ISRM.class.getMethods())
                .collect(Collectors.toMap(Method::getName, Function.identity()));
        assertEquals(39, byName.size(), "SRM v2.2 has 39 operations");
        return byName;
    }

    private static OperationTable table(boolean reservations) {
        SpaceManagement spaces = new SpaceManagement() {
            @Override
            public boolean offersReservation() {
                return reservations;
            }

            @Override
            public List<SpaceDetail> metaData(Owner caller, List<String> tokens) {
                return List.of();
            }

            @Override
            public List<SpaceToken> tokens(Owner caller, Optional<String> description) {
                return List.of();
            }
        };
        return CoreOperations.table(null, null, null, null, null, null, spaces, null, "srm://localhost", "posix",
                "full", "test", null);
    }

    @Test
    void theTableHoldsExactlyTheOperationsOfThePortTypeEachAClassOfItsOwn() {
        Map<String, Method> port = port();
        List<SrmOperation<?, ?>> all = table(true).all();
        assertEquals(new TreeSet<>(port.keySet()),
                all.stream().map(SrmOperation::name).collect(Collectors.toCollection(TreeSet::new)));
        Set<Class<?>> classes = new HashSet<>();
        for (SrmOperation<?, ?> op : all) {
            Class<?> type = op.getClass();
            assertTrue(classes.add(type), type + " answers more than one operation");
            assertEquals(OPS_PACKAGE, type.getPackageName(), op.name());
            assertEquals(op.name().substring("srm".length()) + "Op", type.getSimpleName(), op.name());
            Method m = port.get(op.name());
            Type[] args = operationTypes(type);
            assertEquals(m.getParameterTypes()[0], args[0], op.name() + "'s request type");
            assertEquals(m.getReturnType(), args[1], op.name() + "'s response type");
            assertEquals(m.getReturnType(), op.response().type(), op.name());
        }
        assertEquals(39, classes.size());
    }

    /** The request and response types an operation class declares by implementing {@code SrmOperation<Q, R>}. */
    private static Type[] operationTypes(Class<?> type) {
        for (Type t : type.getGenericInterfaces()) {
            if (t instanceof ParameterizedType p && p.getRawType() == SrmOperation.class) {
                return p.getActualTypeArguments();
            }
        }
        throw new AssertionError(type + " does not implement SrmOperation itself");
    }

    @Test
    void withoutReservationsTheSpaceOperationsAnswerNotSupportedAndTheOthersStay() throws Exception {
        OperationTable full = table(true);
        OperationTable gateway = table(false);
        Set<String> reservation = Set.of("srmReserveSpace", "srmStatusOfReserveSpaceRequest", "srmReleaseSpace",
                "srmUpdateSpace", "srmStatusOfUpdateSpaceRequest", "srmChangeSpaceForFiles",
                "srmStatusOfChangeSpaceForFilesRequest", "srmExtendFileLifeTimeInSpace", "srmPurgeFromSpace");
        Caller anyone = new Caller(ClientIdentity.of("/DC=org/DC=example/CN=Anyone"),
                new Account("srmuser1", 1001, 1002, Set.of(1002)));
        for (String name : port().keySet()) {
            SrmOperation<Object, ?> op = gateway.get(name);
            assertNotNull(op, name);
            if (reservation.contains(name)) {
                SrmException e = assertThrows(SrmException.class, () -> op.handle(anyone, null), name);
                assertEquals(SrmStatus.SRM_NOT_SUPPORTED, e.status(), name);
            } else {
                assertEquals(full.get(name).getClass(), op.getClass(), name);
            }
        }
    }
}
