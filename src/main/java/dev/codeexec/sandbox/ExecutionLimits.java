package dev.codeexec.sandbox;

import dev.codeexec.InvalidInputException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** The fixed input limits of execute_code and their checks; each failure names the field and the limit. */
public final class ExecutionLimits {

    public static final int MAX_CODE_BYTES = 1 << 20;
    public static final int MAX_STDIN_BYTES = 1 << 20;
    public static final int DEFAULT_TIMEOUT_S = 30;
    public static final int MIN_TIMEOUT_S = 1;
    public static final int MAX_TIMEOUT_S = 300;
    /** Smallest inline budget per stream: room for a head, a tail and the marker line between them. */
    public static final int MIN_INLINE_BYTES = 1024;
    /** Largest inline budget per stream, whatever the operator or a call asks for; it also bounds worker frames. */
    public static final int MAX_INLINE_BYTES = 1 << 20;

    private ExecutionLimits() {
    }

    /** Validates a command and turns it into a request; throws before anything is started. */
    static ExecutionRequest validate(ExecuteCommand command) {
        return validate(command, MAX_TIMEOUT_S, RunHooks.none());
    }

    /**
     * @param maxTimeoutS the largest timeout_s allowed: {@link #MAX_TIMEOUT_S}, or the operator's maximum for
     *                    background runs
     */
    static ExecutionRequest validate(ExecuteCommand command, int maxTimeoutS, RunHooks hooks) {
        String code = command.code();
        if (code == null || code.isBlank()) {
            throw new InvalidInputException("code", "is required and must not be empty");
        }
        if (longerThan(code, MAX_CODE_BYTES)) {
            throw new InvalidInputException("code", "is larger than the limit of " + MAX_CODE_BYTES + " bytes (1 MiB)",
                    InvalidInputException.Kind.TOO_LARGE);
        }
        String stdin = command.stdin() == null ? "" : command.stdin();
        if (longerThan(stdin, MAX_STDIN_BYTES)) {
            throw new InvalidInputException("stdin", "is larger than the limit of " + MAX_STDIN_BYTES + " bytes (1 MiB)",
                    InvalidInputException.Kind.TOO_LARGE);
        }
        int timeout = command.timeoutS() == null ? DEFAULT_TIMEOUT_S : command.timeoutS();
        if (timeout < MIN_TIMEOUT_S || timeout > maxTimeoutS) {
            throw new InvalidInputException("timeout_s", "must be between " + MIN_TIMEOUT_S + " and " + maxTimeoutS
                    + " seconds, got " + timeout + (maxTimeoutS == MAX_TIMEOUT_S
                            ? "; a background run (background or wait_s) may run longer" : ""));
        }
        SessionKey session = null;
        ExecutionRequest.Reuse reuse = command.fresh() ? ExecutionRequest.Reuse.FRESH : ExecutionRequest.Reuse.WARM;
        if (command.session() != null) {
            requireNoSession(command.fresh(), command.session());
            session = SessionKey.of(dev.codeexec.tenant.Caller.tenantOf(command.owner()), command.session());
            reuse = ExecutionRequest.Reuse.SESSION;
        } else if (reuse == ExecutionRequest.Reuse.WARM) {
            session = SessionKey.warm(dev.codeexec.tenant.Caller.tenantOf(command.owner()));
        }
        return new ExecutionRequest(code, stdin, Duration.ofSeconds(timeout), command.owner(), session, reuse, hooks);
    }

    /**
     * Refuses {@code fresh} with a session, before the session is opened: a session keeps its interpreter.
     *
     * @throws InvalidInputException naming {@code fresh}
     */
    public static void requireNoSession(boolean fresh, String session) {
        if (fresh && session != null) {
            throw new InvalidInputException("fresh", "cannot be combined with session: a session keeps its interpreter");
        }
    }

    /** The inline budget a call asked for, or the operator's default; refused outside its bounds. */
    static int inlineBytes(Integer requested, int operatorDefault) {
        if (requested == null) {
            return operatorDefault;
        }
        if (requested < MIN_INLINE_BYTES || requested > MAX_INLINE_BYTES) {
            throw new InvalidInputException("max_inline_bytes", "must be between " + MIN_INLINE_BYTES + " and "
                    + MAX_INLINE_BYTES + " bytes, got " + requested);
        }
        return requested;
    }

    private static boolean longerThan(String s, int limitBytes) {
        // A char is at most 3 UTF-8 bytes, so short strings need no encoding.
        return (long) s.length() * 3 > limitBytes && s.getBytes(StandardCharsets.UTF_8).length > limitBytes;
    }
}
