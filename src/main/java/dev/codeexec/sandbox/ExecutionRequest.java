package dev.codeexec.sandbox;

import java.time.Duration;

/**
 * One validated execution: the caller's code and stdin, its wall-clock budget, the connection it
 * comes from ({@code owner}: bridge calls act on its behalf), and optionally the persistent session
 * it runs in (scoped to that connection), and the {@code hooks} that watch and cancel it while it runs.
 */
public record ExecutionRequest(String code, String stdin, Duration timeout, String owner, SessionKey session,
        Reuse reuse, RunHooks hooks) {

    /**
     * Which interpreter runs it: a brand-new one, discarded afterwards; the caller's warm one, reset to a
     * clean slate first ({@code session} is then the caller's {@link SessionKey#warm} key); or a named
     * persistent session.
     */
    public enum Reuse { FRESH, WARM, SESSION }

    public ExecutionRequest {
        stdin = stdin == null ? "" : stdin;
        owner = owner == null ? "" : owner;
        hooks = hooks == null ? RunHooks.none() : hooks;
    }

    /** A run nobody watches or cancels while it goes. */
    public ExecutionRequest(String code, String stdin, Duration timeout, String owner, SessionKey session, Reuse reuse) {
        this(code, stdin, timeout, owner, session, reuse, null);
    }
}
