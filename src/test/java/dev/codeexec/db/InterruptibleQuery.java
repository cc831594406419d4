package dev.codeexec.db;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

/** Two statements in one transaction, with a hook between them where a test can end the database's sessions. */
@ApplicationScoped
@RetriedOnLostConnection
public class InterruptibleQuery {

    private final Database db;
    private Runnable betweenStatements;
    private int runs;

    InterruptibleQuery(Database db) {
        this.db = db;
    }

    /** Runs {@code hook} once, between the statements of the next run. */
    void interruptNextRun(Runnable hook) {
        betweenStatements = hook;
    }

    int runs() {
        return runs;
    }

    @Transactional
    public Object run() {
        runs++;
        db.em().createNativeQuery("select 1").getSingleResult();
        Runnable hook = betweenStatements;
        betweenStatements = null;
        if (hook != null) {
            hook.run();
        }
        return db.em().createNativeQuery("select 'done'").getSingleResult();
    }
}
