package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime image workers with the Graal compiler jars run on: linked once from the running JDK without its
 * {@code jdk.graal.compiler} placeholder, so the jars' module is the one the JVM resolves and the cache stays on.
 */
class WorkerImageTest {

    static final WorkerJdk STOCK = WorkerJdk.running();

    /** Shared by the tests: linking takes a few seconds. */
    @TempDir
    static Path dir;

    @BeforeAll
    static void stockJdkWithPlaceholder() {
        assumeTrue(STOCK.feature() >= 25 && STOCK.graalModule() && Files.isExecutable(STOCK.home().resolve("bin/jlink")),
                "needs a JDK 25+ with the jdk.graal.compiler placeholder and jlink, as Temurin 25 has");
    }

    @Test
    void theImageResolvesTheCompilerFromTheJarsAndIsLinkedOnce() throws Exception {
        WorkerJdk image = WorkerImage.of(STOCK, dir).orElseThrow();
        assertTrue(image.home().startsWith(dir), image.home().toString());
        assertFalse(image.graalModule(), "the placeholder is left out");
        assertTrue(image.jvmci());
        assertEquals(STOCK.vendor(), image.vendor(), "stats show the vendor beside the version");
        assertEquals(STOCK.feature(), image.feature());

        JitOptions.Choice jit = JitOptions.forWorker(SandboxSettings.Jit.ON, 2, image);
        assertTrue(jit.keepsAotCache(), jit.toString());
        List<String> describe = new ArrayList<>(List.of(image.java().toString()));
        describe.addAll(jit.options());
        describe.addAll(List.of("--describe-module", WorkerJdk.GRAAL_MODULE));
        String module = run(describe);
        // The Graal compiler from the build's jars, not an empty module of the image.
        assertTrue(module.startsWith(WorkerJdk.GRAAL_MODULE + " file:") && module.contains("/compiler-")
                && module.contains("provides"), module);

        long linked = Files.getLastModifiedTime(image.home().resolve("release")).toMillis();
        assertEquals(image.home(), WorkerImage.of(STOCK, dir).orElseThrow().home());
        assertEquals(linked, Files.getLastModifiedTime(image.home().resolve("release")).toMillis(), "not linked again");
    }

    @Test
    void workersWithTheCompilerRunOnTheImageAndKeepTheirCache() throws IOException {
        Path root = Files.createDirectories(dir.resolve("workspace"));
        SandboxSettings.Worker worker = new SandboxSettings.Worker(256, 0, 0, Duration.ofMinutes(2), List.of(),
                Optional.empty(), Optional.empty(), SandboxSettings.Jit.ON, Optional.of(dir), 0,
                SandboxSettings.OsSandboxMode.OFF, dir.resolve("polyglot-resources"));
        WorkerRuntime runtime = WorkerRuntime.choose(worker);
        assertTrue(runtime.jdk().home().startsWith(dir), runtime.jdk().home().toString());
        assertEquals(JitOptions.Compiler.GRAAL_JARS, runtime.jit().compiler());

        SandboxSettings settings = new SandboxSettings(SandboxSettings.Isolation.PROCESS, root,
                Path.of("python-packages"), 1 << 16, 16, 1, 1, 0, Duration.ofSeconds(1), 8, Duration.ofMinutes(30),
                new SandboxSettings.Warm(3, Duration.ofMinutes(1), 2, 100), worker,
                new dev.codeexec.workspace.WorkspaceQuota(1 << 20, 1 << 24, 100, 32));
        WorkerLauncher launcher = new WorkerLauncher(settings, runtime, OsSandbox.none(), List.of());
        assertTrue(launcher.aot().isPresent(), "the launcher keeps the ahead-of-time cache");
        assertTrue(launcher.processBuilder(root).command().contains(runtime.jdk().java().toString()));
    }

    @Test
    void imagesOfChangedOrRemovedJdksAndDeadLinkersAreRemovedOthersStay() throws IOException {
        Path gone = image("worker-jdk-00000000000000aa", dir.resolve("removed-jdk"));
        Path changed = image("worker-jdk-00000000000000bb", STOCK.home());
        Path deadLinker = Files.createDirectories(dir.resolve("worker-jdk-00000000000000cc.2147483646.partial"));
        Path otherHome = Files.createDirectories(dir.resolve("other-jdk"));
        Files.writeString(otherHome.resolve("release"), "JAVA_VERSION=\"21.0.5\"\n");
        Path other = image("worker-jdk-" + WorkerImage.digest(otherHome), otherHome);

        Path current = WorkerImage.of(STOCK, dir).orElseThrow().home();

        assertFalse(Files.exists(gone), "its JDK is gone");
        assertFalse(Files.exists(changed), "its JDK changed since");
        assertFalse(Files.exists(deadLinker), "its linker died");
        assertTrue(Files.isDirectory(other), "another JDK still installed keeps its image");
        assertTrue(Files.isRegularFile(current.resolve("release")));
    }

    private static Path image(String name, Path source) throws IOException {
        Path image = Files.createDirectories(dir.resolve(name));
        Files.writeString(image.resolve("release"), "JAVA_VERSION=\"25\"\n");
        Files.writeString(image.resolve("codeexec-source-jdk"), source.toString());
        return image;
    }

    private static String run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), out);
        return out;
    }
}
