package dev.codeexec.sandbox;

import java.nio.file.Path;
import java.time.Duration;

/**
 * One validated execution: the caller's code and stdin, its wall-clock budget, the connection it
 * comes from ({@code owner}: bridge calls act on its behalf), and optionally the persistent session
 * it runs in (scoped to that connection), and the caller's tenant's workspace ({@code null}: the executor's
 * default one), which every interpreter it runs in is confined to from the moment it is built.
 */
public record ExecutionRequest(String code, String stdin, Duration timeout, String owner, SessionKey session,
        Reuse reuse, Path workspace) {

    /**
     * Which interpreter runs it: a brand-new one, discarded afterwards; the caller's warm one, reset to a
     * clean slate first ({@code session} is then the caller's {@link SessionKey#warm} key); or a named
     * persistent session.
     */
    public enum Reuse { FRESH, WARM, SESSION }

    public ExecutionRequest {
        stdin = stdin == null ? "" : stdin;
        owner = owner == null ? "" : owner;
    }

    public ExecutionRequest(String code, String stdin, Duration timeout, String owner, SessionKey session, Reuse reuse) {
        this(code, stdin, timeout, owner, session, reuse, null);
    }

    /** The same request, confined to {@code workspace}. */
    ExecutionRequest in(Path workspace) {
        return new ExecutionRequest(code, stdin, timeout, owner, session, reuse, workspace);
    }
}
