package dev.codeexec.db;

import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.transaction.Status;
import jakarta.transaction.SystemException;
import jakarta.transaction.TransactionManager;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs a {@link RetriedOnLostConnection} call again once after its database connection was lost. It wraps the call's
 * own {@code @Transactional} (whose interceptor has a later priority), so the second run gets a new transaction and,
 * as the pool checks connections when they are taken, a working connection. A call made inside a caller's
 * transaction is not run again: that transaction is lost with the connection, and only its owner can start over.
 */
@RetriedOnLostConnection
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 100)
class LostConnectionRetry {

    private static final Logger LOG = Logger.getLogger(LostConnectionRetry.class.getName());
    /** H2's codes (its SQLStates) for a session that ended under the connection. */
    private static final Set<String> H2_SESSION_ENDED = Set.of("90067", "90098", "90121");
    /** PostgreSQL's "terminating connection due to administrator command", sent as it shuts down. */
    private static final String PG_ADMIN_SHUTDOWN = "57P01";

    private final TransactionManager transactions;

    LostConnectionRetry(TransactionManager transactions) {
        this.transactions = transactions;
    }

    @AroundInvoke
    Object runAgainOnLostConnection(InvocationContext call) throws Exception {
        if (insideCallersTransaction()) {
            return call.proceed();
        }
        try {
            return call.proceed();
        } catch (Exception e) {
            // Exception, not RuntimeException: a commit that lost the connection fails with the transaction
            // manager's checked RollbackException.
            if (!lostConnection(e)) {
                throw e;
            }
            LOG.log(Level.WARNING, "database connection lost during {0}.{1}; running it again on a fresh connection",
                    new Object[] {call.getMethod().getDeclaringClass().getSimpleName(), call.getMethod().getName()});
            return call.proceed();
        }
    }

    private boolean insideCallersTransaction() throws SystemException {
        return transactions.getStatus() != Status.STATUS_NO_TRANSACTION;
    }

    /**
     * Whether an SQL error among {@code e}'s causes, or the exceptions suppressed by any of them, says the connection
     * or its session is gone (SQLState class 08). A failed commit's resource error is a suppressed exception of the
     * transaction manager's RollbackException.
     */
    static boolean lostConnection(Throwable e) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> pending = new ArrayDeque<>(List.of(e));
        while (!pending.isEmpty()) {
            Throwable t = pending.pop();
            if (!seen.add(t)) {
                continue;
            }
            if (t instanceof SQLException sql && sessionEnded(sql.getSQLState())) {
                return true;
            }
            if (t.getCause() != null) {
                pending.push(t.getCause());
            }
            pending.addAll(List.of(t.getSuppressed()));
        }
        return false;
    }

    private static boolean sessionEnded(String state) {
        return state != null
                && (state.startsWith("08") || state.equals(PG_ADMIN_SHUTDOWN) || H2_SESSION_ENDED.contains(state));
    }
}
