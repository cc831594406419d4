package dev.codeexec.sandbox;

/**
 * An execution as a caller asked for it, before validation. Nullable fields take their defaults.
 *
 * @param owner          opaque id of the caller's connection; scopes persistent sessions and warm interpreters
 * @param fresh          run in a brand-new interpreter that is discarded afterwards, instead of the caller's warm one
 * @param maxInlineBytes the inline budget per stream; null: {@code sandbox.inline-output-bytes}
 * @param spill          keep output past the inline budget in the workspace; false leaves it out (sanitized output
 *                       must not leave its raw text in a file the model can read)
 */
public record ExecuteCommand(String code, Integer timeoutS, String stdin, String session, String owner,
        boolean fresh, Integer maxInlineBytes, boolean spill) {

    /** A command at the default inline budget, spilling what goes past it. */
    public ExecuteCommand(String code, Integer timeoutS, String stdin, String session, String owner, boolean fresh) {
        this(code, timeoutS, stdin, session, owner, fresh, null, true);
    }
}
