package dev.codeexec.workspace;

/** How many regular files the workspace holds and how many bytes they take. */
public record WorkspaceUsage(long files, long bytes) {
}
