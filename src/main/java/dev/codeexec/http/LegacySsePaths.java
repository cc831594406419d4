package dev.codeexec.http;

/**
 * Recognizes every spelling of the legacy HTTP+SSE transport's paths (MCP 2024-11-05) that the router serves.
 * quarkus-mcp-server 1.10.1 serves that transport with no switch to turn it off. Its message endpoint takes a
 * connection id in the path, which no tenant binding covers (only Mcp-Session-Id is bound), so it is refused outright
 * rather than left to fail closed by accident.
 *
 * <p>The input is Vert.x's normalized path, the one its router matches on: dot segments removed and unreserved
 * percent-escapes decoded. The router also serves a path with trailing slashes ({@code /mcp/sse/}, {@code /mcp/sse//})
 * and, for safety, repeated inner slashes are treated as one, so both are folded away before comparing. Case and an
 * encoded slash ({@code %2F}) are left as they are: the router routes neither to the transport.
 */
record LegacySsePaths(String stream, String messages) {

    LegacySsePaths(String mcpRoot) {
        this(canonical(mcpRoot + "/sse"), canonical(mcpRoot + "/messages"));
    }

    boolean matches(String normalizedPath) {
        String path = canonical(normalizedPath);
        return path.equals(stream) || path.equals(messages) || path.startsWith(messages + "/");
    }

    /** The path with each run of slashes folded to one and trailing slashes dropped. */
    static String canonical(String path) {
        StringBuilder out = new StringBuilder(path.length());
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c != '/' || out.isEmpty() || out.charAt(out.length() - 1) != '/') {
                out.append(c);
            }
        }
        while (out.length() > 1 && out.charAt(out.length() - 1) == '/') {
            out.setLength(out.length() - 1);
        }
        return out.toString();
    }
}
