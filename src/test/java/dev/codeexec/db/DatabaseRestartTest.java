package dev.codeexec.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.skills.SkillDraft;
import dev.codeexec.skills.SkillQuery;
import dev.codeexec.skills.SkillStore;
import dev.codeexec.tenant.Tenants;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The pool never hands out a connection whose database session has ended. On a shared data directory, the exit of
 * the server holding the file ends its peers' sessions; H2 reconnects an idle one, but one that was inside a
 * transaction at that moment stays broken, and every later call that drew it failed with an internal error.
 */
@QuarkusTest
@QuarkusTestResource(value = RestartableH2Server.class, restrictToAnnotatedClass = true)
class DatabaseRestartTest {

    @Inject
    SkillStore store;
    @Inject
    Database db;

    RestartableH2Server h2;

    @Test
    void callsAfterTheDatabaseSessionsEndedGetFreshConnections() {
        store.save(Tenants.LOCAL, new SkillDraft("kept_over_restart", "Holds a value across a restart.", "X = 1\n",
                List.of(), Map.of(), "t"));
        // A transaction holds a pooled connection when its session ends.
        QuarkusTransaction.begin();
        db.em().createNativeQuery("select 1").getSingleResult();
        h2.restart();
        QuarkusTransaction.setRollbackOnly();
        try {
            QuarkusTransaction.rollback();
        } catch (RuntimeException sessionGone) {
            // The rollback cannot reach the ended session; the pool must not keep its connection.
        }
        for (int call = 0; call < 3; call++) {
            List<String> names = store.list(Tenants.LOCAL, new SkillQuery("kept_over_restart", null, 5, 0)).skills()
                    .stream().map(s -> s.name()).toList();
            assertTrue(names.contains("kept_over_restart"), "call " + call + " listed " + names);
        }
        assertEquals(1, store.delete(Tenants.LOCAL, "kept_over_restart").versionsDeleted());
    }
}
