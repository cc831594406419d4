package dev.codeexec.db;

import io.quarkus.hibernate.orm.PersistenceUnit;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Default;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The one place that picks the database's EntityManager (skills, caller homes). Both persistence units are built in
 * (the default one on H2, "postgresql" on PostgreSQL); only the one {@code codeexec.db.kind} selects is active,
 * and an inactive unit's bean must not be touched, so it is looked up here rather than injected.
 */
@ApplicationScoped
public class Database {

    static final String POSTGRESQL_UNIT = "postgresql";

    private final EntityManager em;
    private final StartupGate started;

    @Inject
    Database(@ConfigProperty(name = DatabaseKind.PROPERTY, defaultValue = "h2") String kind,
            @Any Instance<EntityManager> units, StartupGate started) {
        // A transaction-scoped proxy: each call reaches the EntityManager of the caller's current transaction.
        this(switch (DatabaseKind.of(kind)) {
            case H2 -> units.select(Default.Literal.INSTANCE).get();
            case POSTGRESQL -> units.select(new PersistenceUnit.PersistenceUnitLiteral(POSTGRESQL_UNIT)).get();
        }, started);
    }

    Database(EntityManager em, StartupGate started) {
        this.em = em;
        this.started = started;
    }

    /** The EntityManager, once the server's start has migrated the schema and started Hibernate. */
    public EntityManager em() {
        started.await();
        return em;
    }
}
