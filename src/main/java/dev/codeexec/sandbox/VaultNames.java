package dev.codeexec.sandbox;

import jakarta.annotation.Nullable;

/**
 * Names the PII vault a background run acts for in its views. A run that tokenized must say which vault holds its
 * tokens, or a caller reading it from another connection (or over REST under another X-Session-Id) could never
 * restore them. Implemented where vault handles live, as {@code VaultHolders} is implemented where sessions live.
 */
public interface VaultNames {

    /** The handle of the vault kept under {@code actsFor} (a caller id) when that vault holds tokens, else null. */
    @Nullable
    String handleIfUsed(String actsFor);
}
