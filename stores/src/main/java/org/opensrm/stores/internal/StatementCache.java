package org.opensrm.stores.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * Prepared statements of one embedded connection — the writer's, or a pooled reader's ({@link ReaderStatements}) —
 * compiled once and kept (SQLite compiles a statement on every {@code prepareStatement}, and its driver keeps none).
 * {@link #connection()} is the connection as the store's code sees it: {@code prepareStatement(sql)} hands out the
 * kept statement, whose {@code close()} only clears it for the next use (so a statement is used by one caller at a
 * time, never two open at once). One user at a time (the writer's thread; the reader that borrowed the connection).
 * A statement's SQL is a constant of the store's code (client text goes in parameters), so the kept ones are few.
 */
final class StatementCache implements AutoCloseable {
    private final Connection target;
    private final Map<String, PreparedStatement> statements = new HashMap<>();
    private final Map<String, PreparedStatement> handles = new HashMap<>();
    private final Connection proxy;

    StatementCache(Connection target) {
        this.target = target;
        this.proxy = (Connection) Proxy.newProxyInstance(StatementCache.class.getClassLoader(),
                new Class<?>[] {Connection.class}, this::onConnection);
    }

    Connection connection() {
        return proxy;
    }

    /** Forgets every kept statement (after a failure, so that none is reused in an unknown state). */
    void clear() {
        for (PreparedStatement s : statements.values()) {
            try {
                s.close();
            } catch (SQLException ignored) {
                // dropped anyway
            }
        }
        statements.clear();
        handles.clear();
    }

    @Override
    public void close() {
        clear();
    }

    private Object onConnection(Object self, Method m, Object[] args) throws Throwable {
        if (m.getName().equals("prepareStatement") && args != null && args.length == 1) {
            return kept((String) args[0]);
        }
        return invoke(target, m, args);
    }

    private PreparedStatement kept(String sql) throws SQLException {
        PreparedStatement handle = handles.get(sql);
        if (handle == null) {
            PreparedStatement real = target.prepareStatement(sql);
            statements.put(sql, real);
            InvocationHandler h = (self, m, args) -> {
                if (m.getName().equals("close") && (args == null || args.length == 0)) {
                    real.clearParameters();
                    real.clearBatch();
                    return null;
                }
                return invoke(real, m, args);
            };
            handle = (PreparedStatement) Proxy.newProxyInstance(StatementCache.class.getClassLoader(),
                    new Class<?>[] {PreparedStatement.class}, h);
            handles.put(sql, handle);
        }
        return handle;
    }

    private static Object invoke(Object target, Method m, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
