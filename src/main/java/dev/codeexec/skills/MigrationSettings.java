package dev.codeexec.skills;

import io.quarkus.flyway.FlywayConfigurationCustomizer;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.flywaydb.core.api.callback.Callback;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * Adds {@link MigrationLock} to the Flyway run Quarkus starts, beside the callbacks it already has. Without a
 * {@code @FlywayDataSource} qualifier Quarkus applies it to the default datasource only, which is H2's: on
 * PostgreSQL, Flyway's own advisory lock serializes servers migrating together, and no file lock is taken.
 */
@Singleton
class MigrationSettings implements FlywayConfigurationCustomizer {

    private final Path dataDir;

    MigrationSettings(@ConfigProperty(name = "codeexec.data-dir") Path dataDir) {
        this.dataDir = dataDir;
    }

    @Override
    public void customize(FluentConfiguration configuration) {
        List<Callback> callbacks = new ArrayList<>(List.of(configuration.getCallbacks()));
        callbacks.add(new MigrationLock(dataDir.resolve("migration.lock")));
        configuration.callbacks(callbacks.toArray(Callback[]::new));
    }
}
