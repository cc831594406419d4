package dev.codeexec.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** Upstream tools are imported again: from a server down at start once it answers, and when a list changes. */
@Execution(ExecutionMode.CONCURRENT)
class UpstreamRefreshTest {

    private static final Path SERVER = Path.of(".ci/upstream/test-server.mjs").toAbsolutePath();

    @TempDir
    Path dir;

    @BeforeEach
    void registryDirectory() throws IOException {
        Files.createDirectories(dir.resolve("registry"));
    }

    @Test
    void aServerDownAtStartIsImportedOnceItAnswers() throws IOException {
        Path ready = dir.resolve("ready");
        RegistrySettings.Server late = new RegistrySettings.Server("late", Optional.of("node"),
                List.of(SERVER.toString()), Map.of("READY_FILE", ready.toString()), Optional.empty());
        RegistrySettings settings = new RegistrySettings(dir.resolve("registry"), false, Duration.ofMillis(200),
                Duration.ofSeconds(5), Duration.ofMillis(300), Duration.ofMinutes(10), List.of(late));
        try (RegistryService registry = new RegistryService(settings)) {
            registry.start();
            Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> state(registry).equals("failed"));
            UpstreamStatus down = registry.stats().upstream().getFirst();
            assertEquals(0, down.tools());
            assertTrue(down.lastError().startsWith("initialize"), down.lastError());
            Files.writeString(ready, "");
            // Retried after retry-after (doubling), long before the ten-minute refresh.
            Awaitility.await().atMost(Duration.ofSeconds(60)).ignoreExceptions()
                    .until(() -> registry.search(new ToolSearch("", "late", 10, "name")).tools().size() == 9);
            assertEquals("connected", state(registry));
        }
    }

    @Test
    void aServerThatSaysItsListChangedIsListedAgainAtOnce() {
        RegistrySettings.Server server = new RegistrySettings.Server("growing", Optional.of("node"),
                List.of(SERVER.toString()), Map.of(), Optional.empty());
        RegistrySettings settings = new RegistrySettings(dir.resolve("registry"), false, Duration.ofMillis(200),
                Duration.ofSeconds(10), Duration.ofSeconds(1), Duration.ofMinutes(10), List.of(server));
        try (RegistryService registry = new RegistryService(settings)) {
            registry.start();
            Awaitility.await().atMost(Duration.ofSeconds(60)).ignoreExceptions()
                    .until(() -> registry.search(new ToolSearch("", "growing", 10, "name")).tools().size() == 9);
            assertEquals("grown", registry.callUpstream(dev.codeexec.tenant.Tenants.LOCAL, "grow", Map.of()).value());
            // Listed again on the server's word, long before the ten-minute refresh.
            Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> registry.search(
                    new ToolSearch("", "growing", 10, "name")).tools().size() == 10);
        }
    }

    private static String state(RegistryService registry) {
        return registry.stats().upstream().getFirst().state();
    }
}
