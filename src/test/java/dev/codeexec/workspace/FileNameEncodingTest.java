package dev.codeexec.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.InvalidInputException;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server started without a UTF-8 locale names the cause of a refused file name, whatever the tests' own locale. */
class FileNameEncodingTest {

    private static final FileNameEncoding ASCII = new FileNameEncoding("ANSI_X3.4-1968");
    private static final FileNameEncoding UTF8 = new FileNameEncoding("UTF-8");

    @TempDir
    Path dir;

    @Test
    void aNameOutsideTheServersEncodingIsRefusedNamingTheLocale() {
        WorkspacePaths paths = new WorkspacePaths(new WorkspaceRoot(dir), ASCII);

        InvalidInputException refused = assertThrows(InvalidInputException.class,
                () -> paths.resolve("path", "notes/café.txt", false));

        assertEquals("path", refused.field());
        assertEquals("path: 'notes/café.txt' cannot be a file name on this server: it runs with the file-name encoding "
                + "ANSI_X3.4-1968, not UTF-8, so only names in that encoding work (the operator starts the server under "
                + "a UTF-8 locale, e.g. LC_ALL=C.UTF-8, as scripts/code-execution-mcp does)", refused.getMessage());
        assertEquals(dir.resolve("notes/cafe.txt").toAbsolutePath().normalize(),
                paths.resolve("path", "notes/cafe.txt", false));
    }

    @Test
    void underUtf8TheSameNameIsAFileName() {
        WorkspacePaths paths = new WorkspacePaths(new WorkspaceRoot(dir), UTF8);

        assertTrue(paths.resolve("path", "café – 東京.txt", false).endsWith("café – 東京.txt"));
    }

    @Test
    void theServerWarnsAtStartOnlyWithoutUtf8() {
        assertEquals(Optional.empty(), UTF8.startupWarning());
        assertTrue(ASCII.startupWarning().orElseThrow().startsWith("The server's file-name encoding is ANSI_X3.4-1968"));
        assertEquals(Optional.empty(), new FileNameEncoding("utf8").startupWarning());
    }
}
