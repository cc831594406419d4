package dev.codeexec.db;

import java.util.Locale;

/** The databases the skills store runs on; {@code codeexec.db.kind} picks one at start-up. */
enum DatabaseKind {
    H2,
    POSTGRESQL;

    static final String PROPERTY = "codeexec.db.kind";

    /** The kind an operator wrote, in any case; anything else is refused with the property's name and choices. */
    static DatabaseKind of(String value) {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        return switch (v) {
            case "h2" -> H2;
            case "postgresql" -> POSTGRESQL;
            default -> throw new IllegalArgumentException(PROPERTY + " must be h2 or postgresql, not '" + value + "'");
        };
    }
}
