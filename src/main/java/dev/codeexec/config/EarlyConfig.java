package dev.codeexec.config;

import dev.codeexec.sandbox.SandboxConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * What the configuration will say, read before Quarkus starts for what {@code main} does first: launching the pool's
 * first worker ({@link dev.codeexec.sandbox.pool.EarlyWorker}). Its sources, in the configuration's order: system
 * properties, the environment, the operator's file, the packaged defaults; in each file the production profile's value
 * wins over the plain one. A value that refers to other properties is left to the configuration: there is then none
 * here.
 *
 * @param properties the system properties
 * @param environment the environment
 * @param operator the operator's file
 * @param packaged the packaged application.properties
 */
record EarlyConfig(Map<String, String> properties, Map<String, String> environment, Map<String, String> operator,
        Map<String, String> packaged) {

    static final String DATA_DIR = "codeexec.data-dir";
    static final String WORKSPACE = "sandbox.workspace";
    /** The settings that shape a worker's command line, besides its workspace and the data directory. */
    private static final List<String> WORKER_SETTINGS = List.of("sandbox.", "workspace.", "codeexec.tenants.");
    private static final String PROD = "%prod.";

    /** Empty when a file cannot be read: Quarkus reports that when it reads it, and nothing is launched before. */
    static Optional<EarlyConfig> read(ClassLoader loader) {
        Map<String, String> properties = new HashMap<>();
        System.getProperties().forEach((key, value) -> properties.put(key.toString(), value.toString()));
        return of(properties, System.getenv(), OperatorConfigSource.file(), loader);
    }

    static Optional<EarlyConfig> of(Map<String, String> properties, Map<String, String> environment,
            Path operatorFile, ClassLoader loader) {
        try (InputStream in = loader.getResourceAsStream("application.properties")) {
            Map<String, String> packaged = in == null ? Map.of()
                    : load(new InputStreamReader(in, StandardCharsets.UTF_8));
            Map<String, String> operator = Map.of();
            if (Files.isRegularFile(operatorFile)) {
                try (Reader file = Files.newBufferedReader(operatorFile, StandardCharsets.UTF_8)) {
                    operator = load(file);
                }
            }
            return Optional.of(new EarlyConfig(Map.copyOf(properties), Map.copyOf(environment), operator, packaged));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The data directory, when this can tell it. */
    Optional<Path> dataDir() {
        return value(DATA_DIR).map(Path::of);
    }

    /**
     * The local tenant's workspace, when none of the settings that shape a worker's command line is set other than by
     * the packaged defaults, apart from the workspace itself and the data directory: the pool's first worker is then
     * the build's recorded one with those two directories in it.
     */
    Optional<Path> workspaceOfDefaultWorkers() {
        if (setsWorkerSettings()) {
            return Optional.empty();
        }
        return Optional.of(Path.of(value(WORKSPACE).orElse(SandboxConfig.DEFAULT_WORKSPACE)));
    }

    /** Whether a system property, the operator's file or the environment sets a worker setting besides the workspace. */
    private boolean setsWorkerSettings() {
        boolean named = Stream.of(properties.keySet(), operator.keySet()).flatMap(java.util.Set::stream)
                .map(key -> key.startsWith(PROD) ? key.substring(PROD.length()) : key)
                .anyMatch(key -> !key.equals(WORKSPACE) && WORKER_SETTINGS.stream().anyMatch(key::startsWith));
        // Environment names do not map back to property names (a dash and a dot both become '_'): compared as such.
        List<String> prefixes = WORKER_SETTINGS.stream().map(EarlyConfig::environmentName).toList();
        String workspace = environmentName(WORKSPACE);
        return named || environment.keySet().stream()
                .anyMatch(name -> !name.equals(workspace) && prefixes.stream().anyMatch(name::startsWith));
    }

    private Optional<String> value(String property) {
        String value = properties.get(property);
        if (value == null) {
            value = environment.get(environmentName(property));
        }
        if (value == null) {
            value = profiled(operator, property);
        }
        if (value == null) {
            value = profiled(packaged, property);
        }
        return value == null || value.isBlank() || value.contains("${") ? Optional.empty() : Optional.of(value);
    }

    private static String profiled(Map<String, String> file, String property) {
        String value = file.get(PROD + property);
        return value != null ? value : file.get(property);
    }

    /** The environment variable the configuration reads for {@code property}: {@code sandbox.workspace} is SANDBOX_WORKSPACE. */
    static String environmentName(String property) {
        return property.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
    }

    private static Map<String, String> load(Reader in) throws IOException {
        Properties file = new Properties();
        file.load(in);
        Map<String, String> values = new HashMap<>();
        file.forEach((key, value) -> values.put(key.toString(), value.toString()));
        return Map.copyOf(values);
    }
}
