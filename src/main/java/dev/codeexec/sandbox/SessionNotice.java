package dev.codeexec.sandbox;

/** Tells the caller, at the top of stderr, that a session's earlier state is gone and why. */
public final class SessionNotice {
    private SessionNotice() {
    }

    public static String text(SessionKey session, String lossNotice) {
        return "[session '" + session.name() + "' was restarted: " + lossNotice
                + "; variables, imports and functions defined earlier are gone]\n";
    }

    public static ExecutionResult prepend(ExecutionResult result, SessionKey session, String lossNotice) {
        if (lossNotice == null) {
            return result;
        }
        String note = text(session, lossNotice);
        return result.withText(result.stdout(), note + result.stderr());
    }
}
