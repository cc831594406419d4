package dev.codeexec.sandbox;

import java.nio.file.Path;
import java.time.Duration;

/**
 * One validated execution: the caller's code and stdin, its wall-clock budget, the connection it
 * comes from ({@code owner}: bridge calls act on its behalf), optionally the persistent session
 * it runs in (scoped to that connection), the {@code hooks} that watch and cancel it while it runs, and the
 * caller's tenant's workspace ({@code null}: the executor's default one), which every interpreter it runs in is
 * confined to from the moment it is built, and how its {@code output} reaches the caller ({@code null}: inline only,
 * at the executor's default budget).
 */
public record ExecutionRequest(String code, String stdin, Duration timeout, String owner, SessionKey session,
        Reuse reuse, RunHooks hooks, Path workspace, OutputPlan output) {

    /**
     * Which interpreter runs it: a brand-new one, discarded afterwards; an idle warm one of the
     * caller's tenant, reset to a clean slate first ({@code session} is then the tenant's {@link SessionKey#warm} key); a named
     * persistent session; or that session's interpreter for the last time ({@code END}, no code of the caller's): what
     * a process does as it exits, the session's exit handlers run and the files it left open closed (an archive's
     * trailer written, a temporary file removed), and then the session is dropped. Nothing runs for a session the
     * executor does not hold.
     */
    public enum Reuse { FRESH, WARM, SESSION, END }

    public ExecutionRequest {
        stdin = stdin == null ? "" : stdin;
        owner = owner == null ? "" : owner;
        hooks = hooks == null ? RunHooks.none() : hooks;
    }

    /** A run watched by {@code hooks}, in the executor's default workspace until {@link #in} says otherwise. */
    public ExecutionRequest(String code, String stdin, Duration timeout, String owner, SessionKey session, Reuse reuse,
            RunHooks hooks) {
        this(code, stdin, timeout, owner, session, reuse, hooks, null, null);
    }

    /** A run nobody watches or cancels while it goes. */
    public ExecutionRequest(String code, String stdin, Duration timeout, String owner, SessionKey session, Reuse reuse) {
        this(code, stdin, timeout, owner, session, reuse, null, null, null);
    }

    /** The same request with {@code timeout} left of its budget (after waiting for its session). */
    ExecutionRequest within(Duration timeout) {
        return new ExecutionRequest(code, stdin, timeout, owner, session, reuse, hooks, workspace, output);
    }

    /** The same request, confined to {@code workspace}, its output reaching the caller as {@code output} says. */
    ExecutionRequest in(Path workspace, OutputPlan output) {
        return new ExecutionRequest(code, stdin, timeout, owner, session, reuse, hooks, workspace, output);
    }
}
