package dev.codeexec.it;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One packaged server on streamable HTTP for the ITs that only talk to it over the protocol (ConformanceIT,
 * ClientCompatibilityIT over HTTP): each server start costs a JVM and a sandbox worker, and neither IT needs
 * a server of its own. Started by the first IT that asks, stopped when the test JVM exits.
 */
final class SharedHttpServer {

    static final String NAME = "shared-http";
    static final Path UPSTREAM_SERVER =
            Path.of(".ci/upstream/node_modules/@modelcontextprotocol/server-memory/dist/index.js");

    private static PackagedServer server;

    private SharedHttpServer() {
    }

    static synchronized PackagedServer get() throws IOException, InterruptedException {
        if (server == null) {
            server = PackagedServer.startHttp(NAME, withUpstream(NAME));
            PackagedServer started = server;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close));
        }
        return server;
    }

    /** The memory MCP server of .ci/upstream, imported as category "kg", so upstream tools are listed too. */
    static List<String> withUpstream(String name) {
        return List.of("-Dregistry.upstream.kg.command=node",
                "-Dregistry.upstream.kg.args=" + UPSTREAM_SERVER,
                "-Dregistry.upstream.kg.env.MEMORY_FILE_PATH="
                        + Path.of("target", name + "-memory.jsonl").toAbsolutePath());
    }
}
