package dev.codeexec.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The settings {@code main} reads before Quarkus starts, in the order of the configuration's own sources. */
class EarlyConfigTest {

    @TempDir
    Path dir;

    private final ClassLoader packaged = getClass().getClassLoader();

    private EarlyConfig config(Map<String, String> properties, Map<String, String> environment, Path operator) {
        return EarlyConfig.of(properties, environment, operator, packaged).orElseThrow();
    }

    private Path operator(String text) throws Exception {
        return Files.writeString(dir.resolve("application.properties"), text);
    }

    @Test
    void eachSourceWinsOverTheOnesBelowIt() throws Exception {
        Path operator = operator("codeexec.data-dir=/srv/operator\n");
        Path none = dir.resolve("absent.properties");
        Map<String, String> env = Map.of("CODEEXEC_DATA_DIR", "/srv/env");
        assertEquals(Optional.of(Path.of("/srv/property")),
                config(Map.of("codeexec.data-dir", "/srv/property"), env, operator).dataDir());
        assertEquals(Optional.of(Path.of("/srv/env")), config(Map.of(), env, operator).dataDir());
        assertEquals(Optional.of(Path.of("/srv/operator")), config(Map.of(), Map.of(), operator).dataDir());
        // The packaged default (src/main/resources/application.properties).
        assertEquals(Optional.of(Path.of("./data")), config(Map.of(), Map.of(), none).dataDir());
    }

    @Test
    void theProductionProfilesValueWinsInTheOperatorsFile() throws Exception {
        Path operator = operator("codeexec.data-dir=/srv/any\n%prod.codeexec.data-dir=/srv/prod\n");
        assertEquals(Optional.of(Path.of("/srv/prod")), config(Map.of(), Map.of(), operator).dataDir());
    }

    @Test
    void aValueThatRefersToOtherPropertiesIsLeftToTheConfiguration() throws Exception {
        Path operator = operator("codeexec.data-dir=${HOME}/data\n");
        assertEquals(Optional.empty(), config(Map.of(), Map.of(), operator).dataDir());
        assertEquals(Optional.empty(), config(Map.of("codeexec.data-dir", "${user.home}/x"), Map.of(), operator)
                .dataDir());
    }

    @Test
    void anOperatorFileThatCannotBeReadLeavesNothingToLaunch() throws Exception {
        Path operator = operator("codeexec.data-dir=\\u00zz\n");
        assertEquals(Optional.empty(), EarlyConfig.of(Map.of(), Map.of(), operator, packaged));
    }

    @Test
    void workersHaveThePackagedSettingsWhenOnlyTheirWorkspaceAndTheDataDirectoryAreSet() throws Exception {
        Path none = dir.resolve("absent.properties");
        assertEquals(Optional.of(Path.of("workspace")), config(Map.of(), Map.of(), none).workspaceOfDefaultWorkers());
        assertEquals(Optional.of(Path.of("/srv/ws")), config(Map.of("sandbox.workspace", "/srv/ws",
                "codeexec.data-dir", "/srv/data", "quarkus.http.port", "0", "java.home", "/jdk"),
                Map.of("SANDBOX_WORKSPACE", "/srv/env-ws", "CODEEXEC_DB_KIND", "postgresql"), none)
                .workspaceOfDefaultWorkers());
        assertEquals(Optional.of(Path.of("/srv/env-ws")), config(Map.of(), Map.of("SANDBOX_WORKSPACE", "/srv/env-ws"),
                operator("codeexec.http.auth-token=x\n")).workspaceOfDefaultWorkers());
    }

    @Test
    void anyOtherSettingThatShapesWorkersLeavesThemUnknown() throws Exception {
        Path none = dir.resolve("absent.properties");
        assertEquals(Optional.empty(), config(Map.of("sandbox.max-workers", "2"), Map.of(), none)
                .workspaceOfDefaultWorkers());
        assertEquals(Optional.empty(), config(Map.of("workspace.max-files", "9"), Map.of(), none)
                .workspaceOfDefaultWorkers());
        assertEquals(Optional.empty(), config(Map.of("codeexec.tenants.acme.token", "t"), Map.of(), none)
                .workspaceOfDefaultWorkers());
        assertEquals(Optional.empty(), config(Map.of(), Map.of("SANDBOX_WORKER_HEAP_MB", "900"), none)
                .workspaceOfDefaultWorkers());
        assertEquals(Optional.empty(), config(Map.of(), Map.of(), operator("%prod.sandbox.jit=on\n"))
                .workspaceOfDefaultWorkers());
    }
}
