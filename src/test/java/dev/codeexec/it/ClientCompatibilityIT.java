package dev.codeexec.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged server driven by the official MCP TypeScript SDK client (src/test/node/client-check.mjs),
 * over stdio and over streamable HTTP. That client validates every structured result against the tool's
 * output schema, which our own MCP test client does not: a schema that does not fit the results fails
 * here as it would in Claude Code, Claude Desktop, Cursor or MCP Inspector. The script calls every
 * listed tool in each of its modes and fails on a tool it has no case for. Over HTTP it shares
 * {@link SharedHttpServer} with ConformanceIT.
 */
class ClientCompatibilityIT {

    private static final Duration RUN_LIMIT = Duration.ofMinutes(10);

    @BeforeAll
    static void clientsInstalled() {
        NodeClients.requireInstalled();
        assertTrue(Files.exists(SharedHttpServer.UPSTREAM_SERVER),
                "the upstream test server is not installed: run `npm ci --prefix .ci/upstream` (CI's .ci/run does)");
    }

    private static List<String> clientCheck(List<String> transport) {
        List<String> command = new ArrayList<>(List.of("node", NodeClients.DIR.resolve("client-check.mjs").toString(),
                "--upstream", "kg"));
        command.addAll(transport);
        return command;
    }

    @Test
    void officialClientWorksOverStdio() throws Exception {
        String name = "client-check-stdio";
        Path serverLog = Path.of("target", name + "-server.log");
        Files.deleteIfExists(serverLog);
        // Launched the way the README's client snippets do: through scripts/code-execution-mcp, from another
        // working directory, with the SDK's minimal environment plus JAVA_HOME.
        Path launcher = Path.of("scripts/code-execution-mcp").toAbsolutePath();
        List<String> transport = new ArrayList<>(List.of("--server-log", serverLog.toString(),
                "--cwd", System.getProperty("java.io.tmpdir"), "--env", "JAVA_HOME=" + System.getProperty("java.home"),
                "--stdio", launcher.toString()));
        transport.addAll(PackagedServer.jvmOptions(name, SharedHttpServer.withUpstream(name)));
        List<String> command = clientCheck(transport);
        NodeClients.Run run = NodeClients.run(name, command, RUN_LIMIT);
        assertEquals(0, run.exitCode(), "the TypeScript SDK client failed over stdio (server log: " + serverLog
                + "):\n" + run.output());
    }

    @Test
    void officialClientWorksOverStreamableHttp() throws Exception {
        PackagedServer server = SharedHttpServer.get();
        NodeClients.Run run = NodeClients.run("client-check-http", clientCheck(List.of("--http", server.mcpUrl())),
                RUN_LIMIT);
        assertEquals(0, run.exitCode(), "the TypeScript SDK client failed over streamable HTTP (server log: "
                + server.log() + "):\n" + run.output());
    }
}
