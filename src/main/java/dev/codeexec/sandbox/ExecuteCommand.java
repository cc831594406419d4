package dev.codeexec.sandbox;

/**
 * An execution as a caller asked for it, before validation. Nullable fields take their defaults.
 *
 * @param session        a session handle from {@link SandboxService#openSession}, or null for no session
 * @param owner          the caller id (tenant, then connection or vault) the run acts for: its bridge calls use that
 *                       caller's PII vault
 * @param fresh          run in a brand-new interpreter that is discarded afterwards, instead of a warm one of the
 *                       owner's tenant
 * @param maxInlineBytes the inline budget per stream; null: {@code sandbox.inline-output-bytes}
 * @param spill          keep output past the inline budget in the workspace; false leaves it out (sanitized output
 *                       must not leave its raw text in a file the model can read: {@link #sanitized})
 */
public record ExecuteCommand(String code, Integer timeoutS, String stdin, String session, String owner,
        boolean fresh, Integer maxInlineBytes, boolean spill) {

    /** A command at the default inline budget, spilling what goes past it. */
    public ExecuteCommand(String code, Integer timeoutS, String stdin, String session, String owner, boolean fresh) {
        this(code, timeoutS, stdin, session, owner, fresh, null, true);
    }

    /** The same command with output kept inline only, {@code inlineBytes} per stream: for sanitized output. */
    public ExecuteCommand sanitized(int inlineBytes) {
        return new ExecuteCommand(code, timeoutS, stdin, session, owner, fresh, inlineBytes, false);
    }

    /** The same command acting for {@code actsFor}: a session's runs act for the caller it was opened with. */
    public ExecuteCommand actingFor(String actsFor) {
        return new ExecuteCommand(code, timeoutS, stdin, session, actsFor, fresh, maxInlineBytes, spill);
    }
}
