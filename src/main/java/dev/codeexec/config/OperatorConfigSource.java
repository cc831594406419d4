package dev.codeexec.config;

import io.smallrye.config.PropertiesConfigSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.eclipse.microprofile.config.spi.ConfigSourceProvider;

/**
 * Reads the operator's {@code application.properties} from the directory the server is started in
 * (or the file named by {@code $CODEEXEC_CONFIG}) at run time, above the defaults packaged in the
 * jar and below system properties and environment variables.
 */
public class OperatorConfigSource implements ConfigSourceProvider {

    /** Above the packaged application.properties (250), below environment variables (300). */
    static final int ORDINAL = 270;

    @Override
    public Iterable<ConfigSource> getConfigSources(ClassLoader forClassLoader) {
        Path file = file();
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            URL url = file.toAbsolutePath().toUri().toURL();
            return List.of(new PropertiesConfigSource(url, ORDINAL));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read operator configuration " + file.toAbsolutePath(), e);
        }
    }

    /** The operator's file: {@code $CODEEXEC_CONFIG}, or application.properties in the working directory. */
    static Path file() {
        String explicit = System.getenv("CODEEXEC_CONFIG");
        return Path.of(explicit != null && !explicit.isBlank() ? explicit : "application.properties");
    }
}
