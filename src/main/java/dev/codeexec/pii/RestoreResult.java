package dev.codeexec.pii;

/** The text with every token of the session put back to its value; all else is unchanged. */
public record RestoreResult(String text) {
}
