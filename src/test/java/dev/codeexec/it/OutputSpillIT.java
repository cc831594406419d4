package dev.codeexec.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The inline budget, spill files and workspace resources driven by the official TypeScript SDK client
 * (src/test/node/spill-check.mjs) against the packaged jar, over streamable HTTP with two tenants and over stdio.
 * Spills expire at once (sandbox.spill.ttl=0s), so the client drives their removal with its next execution; the
 * quotas are small enough for it to fill.
 */
class OutputSpillIT {

    private static final Duration RUN_LIMIT = Duration.ofMinutes(10);
    private static final String TOKEN = "spill-token-a1";
    private static final String OTHER = "spill-token-b2";
    private static final List<String> PROPERTIES = List.of("-Dsandbox.spill.ttl=0s",
            "-Dsandbox.spill.sweep-interval=1h", "-Dworkspace.max-read-bytes=65536",
            "-Dworkspace.max-file-bytes=1048576", "-Dworkspace.max-total-bytes=2097152");

    @BeforeAll
    static void clientsInstalled() {
        NodeClients.requireInstalled();
    }

    private static List<String> check(List<String> transport) {
        List<String> command = new ArrayList<>(List.of("node", NodeClients.DIR.resolve("spill-check.mjs").toString()));
        command.addAll(transport);
        return command;
    }

    @Test
    void spillsAndResourcesWorkOverStreamableHttpPerTenant() throws Exception {
        List<String> properties = new ArrayList<>(PROPERTIES);
        properties.add("-Dcodeexec.tenants.alpha.token=" + TOKEN);
        properties.add("-Dcodeexec.tenants.beta.token=" + OTHER);
        properties.add("-Dworkspace.tenants-dir=target/spill-http-tenants");
        try (PackagedServer server = PackagedServer.startHttp("spill-http", properties)) {
            NodeClients.Run run = NodeClients.run("spill-check-http", check(List.of("--token", TOKEN, "--other-token",
                    OTHER, "--http", server.mcpUrl())), RUN_LIMIT);
            assertEquals(0, run.exitCode(), "spill-check failed over HTTP (server log: " + server.log() + "):\n"
                    + run.output());
        }
    }

    @Test
    void spillsAndResourcesWorkOverStdio() throws Exception {
        List<String> transport = new ArrayList<>(List.of("--stdio"));
        transport.addAll(PackagedServer.command("spill-stdio", PROPERTIES));
        NodeClients.Run run = NodeClients.run("spill-check-stdio", check(transport), RUN_LIMIT);
        assertEquals(0, run.exitCode(), "spill-check failed over stdio:\n" + run.output());
    }
}
