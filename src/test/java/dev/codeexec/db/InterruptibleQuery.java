package dev.codeexec.db;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

/**
 * Two statements in one transaction, with hooks between them and after them (before the commit) where a test can end
 * the database's sessions.
 */
@ApplicationScoped
@RetriedOnLostConnection
public class InterruptibleQuery {

    private final Database db;
    private Runnable betweenStatements;
    private Runnable beforeCommit;
    private int runs;

    InterruptibleQuery(Database db) {
        this.db = db;
    }

    /** Runs {@code hook} once, between the statements of the next run. */
    void interruptNextRun(Runnable hook) {
        betweenStatements = hook;
    }

    /** Runs {@code hook} once, after the statements of the next run, so that its commit meets the change. */
    void interruptNextCommit(Runnable hook) {
        beforeCommit = hook;
    }

    int runs() {
        return runs;
    }

    @Transactional
    public Object run() {
        runs++;
        db.em().createNativeQuery("select 1").getSingleResult();
        runOnce(betweenStatements);
        betweenStatements = null;
        Object result = db.em().createNativeQuery("select 'done'").getSingleResult();
        Runnable hook = beforeCommit;
        beforeCommit = null;
        runOnce(hook);
        return result;
    }

    private static void runOnce(Runnable hook) {
        if (hook != null) {
            hook.run();
        }
    }
}
