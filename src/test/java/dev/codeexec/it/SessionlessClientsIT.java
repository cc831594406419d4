package dev.codeexec.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged server, with two token tenants, driven by a client that keeps no protocol session
 * (src/test/node/handles-check.mjs): a new MCP connection for every call with the official TypeScript SDK client,
 * raw requests without {@code Mcp-Session-Id}, and the SDK v2 client that tries {@code server/discover} first.
 * Sessions, background runs, PII vaults and warm interpreters must all work through handles, and tenant B must get
 * the refusal an unknown handle gets for every handle of tenant A.
 */
class SessionlessClientsIT {

    static final String TOKEN_A = "handles-token-a-0123456789";
    static final String TOKEN_B = "handles-token-b-9876543210";

    @BeforeAll
    static void clientsInstalled() {
        NodeClients.requireInstalled();
    }

    @Test
    void everyFeatureWorksWithANewConnectionPerCallAndNoneAcrossTenants() throws Exception {
        String name = "handles-check";
        try (PackagedServer server = PackagedServer.startHttp(name, List.of(
                "-Dcodeexec.tenants.alpha.token=" + TOKEN_A, "-Dcodeexec.tenants.beta.token=" + TOKEN_B))) {
            NodeClients.Run run = NodeClients.run(name, List.of("node", NodeClients.DIR.resolve("handles-check.mjs")
                    .toString(), "--url", server.mcpUrl(), "--token-a", TOKEN_A, "--token-b", TOKEN_B),
                    java.time.Duration.ofMinutes(10));
            assertEquals(0, run.exitCode(), "the sessionless client failed (server log: " + server.log() + "):\n"
                    + run.output());
        }
    }
}
