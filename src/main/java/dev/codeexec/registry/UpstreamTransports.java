package dev.codeexec.registry;

import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;

/** The SDK transport for an upstream server's settings: streamable HTTP for a url, else its command over stdio. */
final class UpstreamTransports {

    /**
     * Largest message a stdio server may send, in characters: above the largest result the sandbox bridge carries
     * (16 Mi characters), so a result too large for the guest is refused there, naming that bound, and the connection
     * goes on. Past the SDK's default (16 Mi) it drops the connection, which reached the caller as the server's process
     * exiting. Past this bound it still does: the bound keeps a runaway server from filling the heap.
     */
    private static final int MAX_MESSAGE_CHARS = 32 << 20;

    private UpstreamTransports() {
    }

    /**
     * @param stderr told each line a stdio server writes to stderr
     * @throws IllegalStateException when the command is not an executable file or on PATH
     */
    static McpClientTransport open(RegistrySettings.Server server, Duration timeout, McpJsonMapper mapper,
            Consumer<String> stderr) {
        if (server.url().isPresent()) {
            URI uri = URI.create(server.url().get());
            String base = uri.getScheme() + "://" + uri.getRawAuthority();
            String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/mcp" : uri.getRawPath();
            return HttpClientStreamableHttpTransport.builder(base).endpoint(path).jsonMapper(mapper)
                    .connectTimeout(timeout).build();
        }
        String command = server.command().orElseThrow(() -> new IllegalStateException("no command or url"));
        if (!executable(command)) {
            // The SDK only notices a missing binary when initialize times out; say so at once instead.
            throw new IllegalStateException("command '" + command + "' is not an executable file or on PATH");
        }
        StdioClientTransport stdio = new StdioClientTransport(ServerParameters.builder(command).args(server.args())
                .env(server.env()).build(), mapper, MAX_MESSAGE_CHARS);
        stdio.setStdErrorHandler(stderr::accept);
        return stdio;
    }

    private static boolean executable(String command) {
        if (command.contains("/")) {
            return Files.isExecutable(Path.of(command));
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
