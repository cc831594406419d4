package dev.codeexec.workspace;

/** A whole workspace file for an MCP resources/read: its text when it is UTF-8, otherwise its bytes. */
public record WorkspaceResource(String path, String text, byte[] bytes) {

    public boolean isText() {
        return text != null;
    }
}
