package dev.codeexec.db;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.PropertiesConfigSource;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Turns {@code codeexec.db.kind} into the two flags application.properties feeds to each datasource's,
 * Flyway's and Hibernate's {@code active} setting, so exactly one database is opened and migrated. It runs
 * while the configuration is built, before any datasource starts: a wrong kind, or PostgreSQL without a URL,
 * stops the server with a message naming the operator's property instead of a Quarkus one.
 */
public final class DatabaseSelection implements ConfigSourceFactory {

    static final String URL_PROPERTY = "codeexec.db.url";
    static final String H2_SELECTED = "codeexec.db.h2-selected";
    static final String POSTGRESQL_SELECTED = "codeexec.db.postgresql-selected";

    @Override
    public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        Map<String, String> flags = flags(value(context, DatabaseKind.PROPERTY), value(context, URL_PROPERTY));
        // Lowest ordinal: the flags are derived, but an explicit setting still wins, as everywhere else.
        return List.of(new PropertiesConfigSource(flags, "codeexec.db.kind selection", 0));
    }

    /** The flags for a kind (absent means h2) and URL; refuses what cannot start. */
    static Map<String, String> flags(String kind, String url) {
        DatabaseKind selected = kind == null || kind.isBlank() ? DatabaseKind.H2 : DatabaseKind.of(kind);
        if (selected == DatabaseKind.POSTGRESQL && (url == null || url.isBlank())) {
            throw new IllegalArgumentException(URL_PROPERTY + " is required when " + DatabaseKind.PROPERTY
                    + "=postgresql, e.g. jdbc:postgresql://db.example:5432/codeexec");
        }
        return Map.of(H2_SELECTED, String.valueOf(selected == DatabaseKind.H2),
                POSTGRESQL_SELECTED, String.valueOf(selected == DatabaseKind.POSTGRESQL));
    }

    private static String value(ConfigSourceContext context, String name) {
        ConfigValue v = context.getValue(name);
        return v == null ? null : v.getValue();
    }
}
