package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The OS sandbox binds a classpath directory whole only when the worker would see nothing more through it than its
 * classpath: one mount instead of hundreds, the same files visible.
 */
class ClasspathMountsTest {

    private final Path root = Path.of("target/classpath-mounts").toAbsolutePath();

    @BeforeEach
    void clean() throws IOException {
        if (Files.exists(root)) {
            try (Stream<Path> files = Files.walk(root)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private Path jar(String dir, String name) throws IOException {
        return Files.writeString(Files.createDirectories(root.resolve(dir)).resolve(name), "jar");
    }

    @Test
    void aDirectoryHoldingOnlyClasspathJarsIsBoundWhole() throws IOException {
        Path a = jar("main", "a.jar");
        Path b = jar("main", "b.jar");
        Path boot = jar("boot", "boot.jar");
        assertEquals(List.of(root.resolve("main"), root.resolve("boot")), WorkerLauncher.classpathMounts(List.of(a, boot, b)));
    }

    @Test
    void aDirectoryHoldingAnythingElseIsBoundJarByJar() throws IOException {
        Path a = jar("shared", "a.jar");
        Path b = jar("shared", "b.jar");
        Files.writeString(root.resolve("shared/credentials.txt"), "not for workers");
        Path c = jar("nested", "c.jar");
        Files.createDirectories(root.resolve("nested/sub"));
        Path d = jar("partial", "d.jar");
        jar("partial", "unlisted.jar");
        assertEquals(List.of(a, b, c, d), WorkerLauncher.classpathMounts(List.of(a, b, c, d)));
    }

    @Test
    void aLinkInTheDirectoryKeepsItFromBeingBoundWhole() throws IOException {
        Path a = jar("linked", "a.jar");
        Path elsewhere = jar("elsewhere", "secret.jar");
        Path link = Files.createSymbolicLink(root.resolve("linked/b.jar"), elsewhere);
        assertEquals(List.of(a, link), WorkerLauncher.classpathMounts(List.of(a, link)));
    }
}
