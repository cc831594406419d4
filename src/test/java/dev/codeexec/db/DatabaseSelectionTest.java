package dev.codeexec.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** codeexec.db.kind switches on exactly one database, and a configuration that cannot start names its property. */
class DatabaseSelectionTest {

    @Test
    void h2IsTheDefaultAndTheOnlyOneSelected() {
        Map<String, String> h2 = Map.of(DatabaseSelection.H2_SELECTED, "true", DatabaseSelection.POSTGRESQL_SELECTED,
                "false");
        assertEquals(h2, DatabaseSelection.flags(null, null));
        assertEquals(h2, DatabaseSelection.flags("", null));
        assertEquals(h2, DatabaseSelection.flags("H2", "jdbc:postgresql://ignored/db"));
    }

    @Test
    void postgresqlWithAUrlSelectsOnlyPostgresql() {
        assertEquals(Map.of(DatabaseSelection.H2_SELECTED, "false", DatabaseSelection.POSTGRESQL_SELECTED, "true"),
                DatabaseSelection.flags("postgresql", "jdbc:postgresql://localhost:5432/codeexec"));
    }

    @Test
    void anUnknownKindNamesThePropertyAndTheChoices() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DatabaseSelection.flags("mysql", "jdbc:mysql://localhost/db"));
        assertEquals("codeexec.db.kind must be h2 or postgresql, not 'mysql'", e.getMessage());
    }

    @Test
    void postgresqlWithoutAUrlNamesTheUrlProperty() {
        for (String url : new String[] {null, " "}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> DatabaseSelection.flags("postgresql", url));
            assertEquals("codeexec.db.url is required when codeexec.db.kind=postgresql, "
                    + "e.g. jdbc:postgresql://db.example:5432/codeexec", e.getMessage());
        }
    }
}
