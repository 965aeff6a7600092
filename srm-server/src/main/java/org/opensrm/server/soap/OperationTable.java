package org.opensrm.server.soap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one table of the 39 SRM v2.2 operations: each operation's name (its wire name, e.g. {@code srmLs}) to the
 * {@link SrmOperation} that answers it. Both ways a call arrives look its operation up here and nowhere else: the
 * JAX-WS path ({@link TableInvoker}, by the port method's name) and the lanes ({@link SoapLanes}, by the name the
 * scan read). The composition root registers each operation the running mode answers with one
 * {@link Builder#add} line; every operation of the WSDL left out answers {@code SRM_NOT_SUPPORTED}
 * ({@link NotSupported}). Built once, immutable.
 */
public final class OperationTable {
    private final Map<String, SrmOperation<?, ?>> byName;

    private OperationTable(Map<String, SrmOperation<?, ?>> byName) {
        this.byName = Map.copyOf(byName);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The operation of that wire name; null when the WSDL has no such operation. */
    @SuppressWarnings("unchecked")
    public <Q> SrmOperation<Q, ?> get(String operation) {
        return operation == null ? null : (SrmOperation<Q, ?>) byName.get(operation);
    }

    /** Every operation, in the WSDL's order ({@link ResponseTypes#ALL}). */
    public List<SrmOperation<?, ?>> all() {
        List<SrmOperation<?, ?>> out = new ArrayList<>(byName.size());
        for (ResponseType<?> type : ResponseTypes.ALL) {
            out.add(byName.get(type.operation()));
        }
        return out;
    }

    /** Registers operations, one {@link #add} each. */
    public static final class Builder {
        private final Map<String, SrmOperation<?, ?>> byName = new LinkedHashMap<>();

        private Builder() {
        }

        /** @throws IllegalArgumentException when an operation of that name is registered already */
        public Builder add(SrmOperation<?, ?> operation) {
            SrmOperation<?, ?> before = byName.putIfAbsent(operation.name(), operation);
            if (before != null) {
                throw new IllegalArgumentException(operation.name() + " is registered twice: "
                        + before.getClass().getSimpleName() + " and " + operation.getClass().getSimpleName());
            }
            return this;
        }

        /** The table: what was added, and {@code SRM_NOT_SUPPORTED} for every other operation of the WSDL. */
        public OperationTable build() {
            Map<String, SrmOperation<?, ?>> all = new HashMap<>(byName);
            for (ResponseType<?> type : ResponseTypes.ALL) {
                all.computeIfAbsent(type.operation(), name -> NotSupported.notOffered(type));
            }
            return new OperationTable(all);
        }
    }
}
