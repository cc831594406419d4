package dev.codeexec.sandbox;

/** Tells the caller, at the top of stderr, that a session's earlier state is gone and why. */
final class SessionNotice {
    private SessionNotice() {
    }

    static ExecutionResult prepend(ExecutionResult result, SessionKey session, String lossNotice) {
        if (lossNotice == null) {
            return result;
        }
        String note = "[session '" + session.name() + "' was restarted: " + lossNotice
                + "; variables, imports and functions defined earlier are gone]\n";
        return new ExecutionResult(result.stdout(), note + result.stderr(), result.exitCode(), result.durationMs(),
                result.truncated(), result.timedOut());
    }
}
