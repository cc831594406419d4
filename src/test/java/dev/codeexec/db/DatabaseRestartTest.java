package dev.codeexec.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.skills.SkillDraft;
import dev.codeexec.skills.SkillQuery;
import dev.codeexec.skills.SkillStore;
import dev.codeexec.tenant.Tenants;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Calls survive the end of the database's sessions. On a shared data directory, the exit of the server holding the
 * file ends its peers' sessions; H2 reconnects an idle one, but one that was inside a transaction at that moment
 * stays broken. The pool must never hand such a connection out again (every later call that drew it failed with an
 * internal error), and the call that was in flight runs again on a fresh one.
 */
@QuarkusTest
@QuarkusTestResource(value = RestartableH2Server.class, restrictToAnnotatedClass = true)
class DatabaseRestartTest {

    @Inject
    SkillStore store;
    @Inject
    Database db;
    @Inject
    InterruptibleQuery query;

    RestartableH2Server h2;

    @Test
    void callsAfterTheDatabaseSessionsEndedGetFreshConnections() {
        store.save(Tenants.LOCAL, new SkillDraft("kept_over_restart", "Holds a value across a restart.", "X = 1\n",
                List.of(), Map.of(), "t"));
        // A transaction holds a pooled connection when its session ends.
        QuarkusTransaction.begin();
        db.em().createNativeQuery("select 1").getSingleResult();
        h2.restart();
        // The rollback cannot reach the ended session; the pool must not keep its connection.
        rollbackGone();
        for (int call = 0; call < 3; call++) {
            List<String> names = store.list(Tenants.LOCAL, new SkillQuery("kept_over_restart", null, 5, 0)).skills()
                    .stream().map(s -> s.name()).toList();
            assertTrue(names.contains("kept_over_restart"), "call " + call + " listed " + names);
        }
        assertEquals(1, store.delete(Tenants.LOCAL, "kept_over_restart").versionsDeleted());
    }

    @Test
    void aCallWhoseConnectionWasLostMidwayRunsAgainOnAFreshOne() {
        int before = query.runs();
        query.interruptNextRun(h2::restart);
        assertEquals("done", query.run());
        assertEquals(before + 2, query.runs(), "the first run lost its connection and the second finished");
    }

    /** The commit fails with a checked exception (the transaction manager's RollbackException), not a runtime one. */
    @Test
    void aCallWhoseCommitLostTheConnectionRunsAgainOnAFreshOne() {
        int before = query.runs();
        query.interruptNextCommit(h2::restart);
        assertEquals("done", query.run());
        assertEquals(before + 2, query.runs(), "the first run's commit failed and the second run finished");
    }

    @Test
    void aCallInsideTheCallersTransactionIsNotRunAgain() {
        int before = query.runs();
        QuarkusTransaction.begin();
        query.interruptNextRun(h2::restart);
        try {
            PersistenceException lost = assertThrows(PersistenceException.class, query::run);
            assertTrue(LostConnectionRetry.lostConnection(lost), lost.toString());
        } finally {
            rollbackGone();
        }
        assertEquals(before + 1, query.runs());
        assertEquals("done", query.run());
    }

    private static void rollbackGone() {
        try {
            QuarkusTransaction.rollback();
        } catch (RuntimeException sessionGone) {
            // the session the transaction ran in has ended
        }
    }
}
