package dev.codeexec.sandbox;

/**
 * Runs validated executions. Implementations differ in where the guest runs (a context in this JVM,
 * or a killable worker process), never in what a caller sees.
 */
public interface CodeExecutor extends AutoCloseable {

    ExecutionResult execute(ExecutionRequest request);

    /** Current pool and session figures, cheap to read. */
    SandboxState state();

    /** Executions admitted to the executor that wait for a worker (process isolation queues here). */
    default int waiting() {
        return 0;
    }

    /** True once the executor can serve an execution without first building an engine or context. */
    boolean warmedUp();

    @Override
    void close();
}
