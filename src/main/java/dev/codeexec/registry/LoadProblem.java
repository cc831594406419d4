package dev.codeexec.registry;

/** A definition file that was skipped, and why; the other tools keep loading. */
public record LoadProblem(String file, String reason) {
}
