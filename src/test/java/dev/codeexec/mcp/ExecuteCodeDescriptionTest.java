package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** execute_code's description follows the packages directory read at start (the golden tools/list has the built one). */
class ExecuteCodeDescriptionTest {

    @Test
    void namesWhatCanBeImportedBeyondTheStandardLibrary() {
        String description = SandboxTools.executeCodeDescription(List.of("jinja2", "yaml"));
        assertTrue(description.contains("Standard library plus jinja2, yaml; no network"), description);
    }

    @Test
    void saysStandardLibraryOnlyWithoutAPackagesDirectory() {
        String description = SandboxTools.executeCodeDescription(List.of());
        assertTrue(description.contains("Standard library only; no network"), description);
    }
}
