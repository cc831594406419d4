package dev.codeexec.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * {@code codeexec.data-dir} as the configuration will give it, read before Quarkus starts: a system property, then
 * the environment, then the operator's file, then the packaged default (the order of their config sources). A value
 * that refers to other properties is left to the configuration: there is then none here.
 */
final class EarlyDataDir {

    static final String PROPERTY = "codeexec.data-dir";
    private static final String ENVIRONMENT = "CODEEXEC_DATA_DIR";

    private EarlyDataDir() {
    }

    static Optional<Path> resolve(ClassLoader packaged) {
        return resolve(System.getProperty(PROPERTY), System.getenv(ENVIRONMENT), OperatorConfigSource.file(), packaged);
    }

    /** From the system property's and the environment's values (null when unset), the operator's file and the jar. */
    static Optional<Path> resolve(String property, String environment, Path operatorFile, ClassLoader packaged) {
        String value = property;
        if (value == null) {
            value = environment;
        }
        if (value == null) {
            value = fromOperatorFile(operatorFile);
        }
        if (value == null) {
            value = fromPackaged(packaged);
        }
        return value == null || value.isBlank() || value.contains("${") ? Optional.empty() : Optional.of(Path.of(value));
    }

    private static String fromOperatorFile(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return prodValue(in);
        } catch (IOException | IllegalArgumentException e) {
            // Quarkus reports an unreadable file when it reads it; here it only means no early worker.
            return "";
        }
    }

    private static String fromPackaged(ClassLoader loader) {
        try (InputStream in = loader.getResourceAsStream("application.properties")) {
            return in == null ? null : prodValue(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            return "";
        }
    }

    /** The production profile's value, which wins over the plain one. */
    private static String prodValue(Reader in) throws IOException {
        Properties properties = new Properties();
        properties.load(in);
        String value = properties.getProperty("%prod." + PROPERTY);
        return value != null ? value : properties.getProperty(PROPERTY);
    }
}
