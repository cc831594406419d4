package dev.codeexec.sandbox.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.workspace.WorkspaceQuota;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code os.rename} and {@code os.replace} as the guest driver makes them: in the worker, confined like every other
 * file access, answered with errno names and never host details, and accounted on the run's reservation.
 */
class GuestRenameTest {

    @TempDir
    Path workspace;

    @TempDir
    Path outside;

    private final List<String> calls = new ArrayList<>();

    private ConfinedFileSystem files() {
        return new ConfinedFileSystem(new WorkspaceRoot(workspace), Optional.empty(),
                new WorkspaceQuota(1 << 20, 64 << 20, 100, 3),
                new BridgeLedger(FakeLedger.granting(calls, Long.MAX_VALUE), () -> "", 1, new Settlements()),
                new RunIntake());
    }

    @Test
    void aRenameReplacesTheTargetAndFreesItsBytes() throws IOException {
        Files.writeString(workspace.resolve("new.json"), "{}");
        Files.writeString(workspace.resolve("data.json"), "{\"old\": true}");
        ConfinedFileSystem files = files();
        assertEquals("", files.rename("new.json", workspace.resolve("data.json").toString()));
        assertEquals("{}", Files.readString(workspace.resolve("data.json")));
        assertFalse(Files.exists(workspace.resolve("new.json")));
        files.sendSettlements();
        // The replaced file's 13 bytes and its entry, on the run's lease: no call of its own.
        assertEquals(List.of("reserve", "settle [[1,-13,-1,0]]"), calls);
    }

    /**
     * Mutation-checked: with the confinement of the source dropped, the host's file was moved into the workspace; an
     * empty directory counted as one level deep (the depth check's old height), the move to depth 3 was refused.
     */
    @Test
    void refusalsAreErrnoNames() throws IOException {
        Path host = Files.writeString(outside.resolve("secret.txt"), "s");
        ConfinedFileSystem files = files();
        assertEquals("ENOENT", files.rename("missing.txt", "x.txt"));
        assertEquals("EPERM", files.rename(host.toString(), "stolen.txt"));
        assertEquals("EPERM", files.rename("../x", "y"));
        assertTrue(Files.exists(host));
        Files.createDirectories(workspace.resolve("a/b"));
        Files.writeString(workspace.resolve("a/b/f.txt"), "f");
        Files.createDirectories(workspace.resolve("c/d"));
        String deep = files.rename("a", "c/d/a");
        assertTrue(deep.startsWith("EDQUOT ") && deep.contains("workspace.max-depth=3"), deep);
        Files.writeString(workspace.resolve("c/d/g.txt"), "g");
        assertEquals("ENOTEMPTY", files.rename("a/b", "c/d"));
        Files.createDirectories(workspace.resolve("e"));
        assertEquals("ENOTDIR", files.rename("e", "c/d/g.txt"));
        assertEquals("EISDIR", files.rename("c/d/g.txt", "a/b"));
    }
}
