package dev.codeexec.sandbox;

/**
 * An execution as a caller asked for it, before validation. Nullable fields take their defaults.
 *
 * @param owner opaque id of the caller's connection; scopes persistent sessions and warm interpreters
 * @param fresh run in a brand-new interpreter that is discarded afterwards, instead of the caller's warm one
 */
public record ExecuteCommand(String code, Integer timeoutS, String stdin, String session, String owner,
        boolean fresh) {
}
