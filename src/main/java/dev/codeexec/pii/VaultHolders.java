package dev.codeexec.pii;

/**
 * What keeps a vault while no call uses it: a persistent session acting for it (its runs' bridge calls and its
 * results use that vault). Neither the vault's tokens nor its handle expire while one holds it, so a session used for
 * hours without touching PII still restores what it tokenized at its start. Implemented where sessions live.
 */
public interface VaultHolders {

    /** Whether something holds the vault kept under {@code vaultCaller} (a caller id) now. */
    boolean holds(String vaultCaller);
}
