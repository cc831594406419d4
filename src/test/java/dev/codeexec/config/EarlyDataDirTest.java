package dev.codeexec.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The data directory as read before Quarkus starts, in the order of the configuration's own sources. */
class EarlyDataDirTest {

    @TempDir
    Path dir;

    private final ClassLoader packaged = getClass().getClassLoader();

    @Test
    void eachSourceWinsOverTheOnesBelowIt() throws Exception {
        Path operator = Files.writeString(dir.resolve("application.properties"), "codeexec.data-dir=/srv/operator\n");
        Path none = dir.resolve("absent.properties");
        assertEquals(Optional.of(Path.of("/srv/property")),
                EarlyDataDir.resolve("/srv/property", "/srv/env", operator, packaged));
        assertEquals(Optional.of(Path.of("/srv/env")), EarlyDataDir.resolve(null, "/srv/env", operator, packaged));
        assertEquals(Optional.of(Path.of("/srv/operator")), EarlyDataDir.resolve(null, null, operator, packaged));
        // The packaged default (src/main/resources/application.properties).
        assertEquals(Optional.of(Path.of("./data")), EarlyDataDir.resolve(null, null, none, packaged));
    }

    @Test
    void theProductionProfilesValueWinsInTheOperatorsFile() throws Exception {
        Path operator = Files.writeString(dir.resolve("application.properties"),
                "codeexec.data-dir=/srv/any\n%prod.codeexec.data-dir=/srv/prod\n");
        assertEquals(Optional.of(Path.of("/srv/prod")), EarlyDataDir.resolve(null, null, operator, packaged));
    }

    @Test
    void aValueThatRefersToOtherPropertiesIsLeftToTheConfiguration() throws Exception {
        Path operator = Files.writeString(dir.resolve("application.properties"), "codeexec.data-dir=${HOME}/data\n");
        assertEquals(Optional.empty(), EarlyDataDir.resolve(null, null, operator, packaged));
        assertEquals(Optional.empty(), EarlyDataDir.resolve("${user.home}/x", null, operator, packaged));
    }
}
