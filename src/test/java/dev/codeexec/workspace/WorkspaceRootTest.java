package dev.codeexec.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceRootTest {

    @TempDir
    Path tmp;
    Path outside;
    WorkspaceRoot root;

    @BeforeEach
    void setUp() throws IOException {
        root = new WorkspaceRoot(tmp.resolve("ws"));
        outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "secret");
    }

    @Test
    void acceptsPathsInsideIncludingNewOnes() {
        assertEquals(root.path().resolve("a/b.txt"), root.confine(Path.of("a/b.txt")));
        assertEquals(root.path(), root.confine(Path.of(".")));
        assertEquals(root.path().resolve("x"), root.confine(root.path().resolve("x")));
    }

    @Test
    void rejectsDotDotAndAbsolutePathsOutside() {
        assertThrows(PathOutsideWorkspaceException.class, () -> root.confine(Path.of("../outside/secret.txt")));
        assertThrows(PathOutsideWorkspaceException.class, () -> root.confine(Path.of("a/../../x")));
        assertThrows(PathOutsideWorkspaceException.class, () -> root.confine(Path.of("/etc/passwd")));
    }

    @Test
    void rejectsSymlinkOutEvenWhenDanglingOrNested() throws IOException {
        Files.createSymbolicLink(root.path().resolve("out"), outside);
        Files.createSymbolicLink(root.path().resolve("dangling"), outside.resolve("not-yet"));
        Files.createDirectories(root.path().resolve("d"));
        Files.createSymbolicLink(root.path().resolve("d/up"), Path.of("../../outside"));
        assertThrows(PathOutsideWorkspaceException.class, () -> root.confine(Path.of("out/secret.txt")));
        assertThrows(PathOutsideWorkspaceException.class, () -> root.confine(Path.of("out/new-file")));
        assertThrows(PathOutsideWorkspaceException.class, () -> root.confine(Path.of("dangling")));
        assertThrows(PathOutsideWorkspaceException.class, () -> root.confine(Path.of("d/up/secret.txt")));
        assertFalse(root.contains(Path.of("out")));
    }

    @Test
    void judgesAnExistingFileByEveryDirectoryAboveIt() throws IOException {
        // A file that exists, reached through a linked directory at any depth, is judged by where the link leads.
        Files.createDirectories(root.path().resolve("a/b"));
        Files.createDirectories(outside.resolve("deep/er"));
        Files.writeString(outside.resolve("deep/er/secret.txt"), "secret");
        Files.createSymbolicLink(root.path().resolve("a/b/link"), outside.resolve("deep"));
        assertThrows(PathOutsideWorkspaceException.class, () -> root.confine(Path.of("a/b/link/er/secret.txt")));
        assertThrows(PathOutsideWorkspaceException.class, () -> root.confineIfPresent(Path.of("a/b/link/er")));
        Files.writeString(root.path().resolve("a/b/plain.txt"), "x");
        assertEquals(root.path().resolve("a/b/plain.txt"), root.confineIfPresent(Path.of("a/b/plain.txt")));
        assertNull(root.confineIfPresent(Path.of("a/b/none.txt")));
        assertNull(root.confineIfPresent(Path.of("a/none/none.txt")));
        Files.createDirectories(root.path().resolve("real/inner"));
        Files.writeString(root.path().resolve("real/inner/f.txt"), "x");
        Files.createSymbolicLink(root.path().resolve("a/alias"), root.path().resolve("real"));
        assertTrue(root.contains(Path.of("a/alias/inner/f.txt")));
    }

    @Test
    void followsSymlinksThatStayInside() throws IOException {
        Files.createDirectories(root.path().resolve("real"));
        Files.createSymbolicLink(root.path().resolve("alias"), Path.of("real"));
        assertTrue(root.contains(Path.of("alias/file.txt")));
    }

    @Test
    void rejectsOverlongNamesAndPaths() {
        // (NUL bytes cannot even form a Path; the string entry points are tested with the workspace tools.)
        assertThrows(PathOutsideWorkspaceException.class, () -> root.confine(Path.of("n".repeat(256))));
        assertThrows(PathOutsideWorkspaceException.class, () -> root.confine(Path.of("d/".repeat(600))));
    }

    @Test
    void rejectsSymlinkLoops() throws IOException {
        Files.createSymbolicLink(root.path().resolve("loop1"), Path.of("loop2"));
        Files.createSymbolicLink(root.path().resolve("loop2"), Path.of("loop1"));
        assertThrows(PathOutsideWorkspaceException.class, () -> root.confine(Path.of("loop1")));
    }
}
