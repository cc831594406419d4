package dev.codeexec.workspace;

/** How many entries (files and directories) the workspace holds and how many bytes its files take. */
public record WorkspaceUsage(long entries, long bytes) {
}
