package dev.codeexec.sandbox;

/** How an execution ended, as every counter reports it; a timeout wins over the kill it may have caused. */
enum Outcome {
    SUCCEEDED, FAILED, TIMED_OUT, KILLED, CANCELLED;

    static Outcome of(ExecutionResult result) {
        if (result.timedOut()) {
            return TIMED_OUT;
        }
        if (result.exitCode() == ExecutionResult.EXIT_CANCELLED) {
            return CANCELLED;
        }
        if (result.exitCode() == ExecutionResult.EXIT_KILLED) {
            return KILLED;
        }
        return result.exitCode() == 0 ? SUCCEEDED : FAILED;
    }
}
