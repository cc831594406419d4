package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.SandboxSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JitOptionsTest {

    static final WorkerJdk STOCK = WorkerJdk.running();

    @TempDir
    Path dir;

    @Test
    void offRunsTheInterpreterOnly() {
        JitOptions.Choice choice = JitOptions.forWorker(SandboxSettings.Jit.OFF, 64, STOCK);
        assertEquals(JitOptions.Compiler.NONE, choice.compiler());
        assertFalse(choice.options().stream().anyMatch(o -> o.contains("JVMCI")), choice.toString());
    }

    @Test
    void autoAndOnUseTheGraalCompilerWhenTheBuildCopiedIt() {
        // The build copies the compiler to target/graal-jit, and Temurin 21+ ships JVMCI.
        assertTrue(Files.isDirectory(JitOptions.JARS), "mvn generate-resources copies the compiler jars");
        assertTrue(STOCK.jvmci(), "the test JDK has JVMCI");
        for (SandboxSettings.Jit jit : new SandboxSettings.Jit[] {SandboxSettings.Jit.AUTO, SandboxSettings.Jit.ON}) {
            JitOptions.Choice choice = JitOptions.forWorker(jit, JitOptions.AUTO_MIN_CORES, STOCK);
            assertEquals(JitOptions.Compiler.GRAAL_JARS, choice.compiler());
            assertTrue(choice.options().contains("-XX:+EnableJVMCI"), choice.toString());
            assertTrue(choice.options().stream()
                    .anyMatch(o -> o.startsWith("--upgrade-module-path=") && o.contains("compiler-")), choice.toString());
        }
    }

    @Test
    void onAnImageWithoutTheGraalPlaceholderTheJarsGoOnTheModulePathAndTheCacheStays() throws IOException {
        assertTrue(STOCK.graalModule(), "Temurin 25 holds a jdk.graal.compiler placeholder");
        assertFalse(JitOptions.forWorker(SandboxSettings.Jit.ON, 2, STOCK).keepsAotCache());
        Path home = fakeJdk("linked", "25.0.3", false);
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"25.0.3\"\nMODULES=\"java.base jdk.internal.vm.ci\"\n");
        WorkerJdk linked = WorkerJdk.at(home);
        assertTrue(linked.jvmci());
        assertFalse(linked.graalModule());
        JitOptions.Choice choice = JitOptions.forWorker(SandboxSettings.Jit.ON, 2, linked);
        assertEquals(JitOptions.Compiler.GRAAL_JARS, choice.compiler());
        assertTrue(choice.keepsAotCache());
        assertTrue(choice.options().contains("--add-modules=jdk.graal.compiler"), choice.toString());
        assertTrue(choice.options().stream().anyMatch(o -> o.startsWith("--module-path=") && o.contains("compiler-")),
                choice.toString());
        assertFalse(choice.options().stream().anyMatch(o -> o.startsWith("--upgrade-module-path")), choice.toString());
    }

    @Test
    void autoStaysInterpreterOnlyOnSmallMachinesButOnIsObeyed() {
        assertEquals(JitOptions.Compiler.NONE, JitOptions.forWorker(SandboxSettings.Jit.AUTO, 2, STOCK).compiler());
        JitOptions.Choice on = JitOptions.forWorker(SandboxSettings.Jit.ON, 2, STOCK);
        assertTrue(on.options().contains("-XX:+EnableJVMCI"), on.toString());
    }

    @Test
    void aGraalVmJdkGetsItsNativeCompilerEvenOnTwoCores() throws IOException {
        WorkerJdk graalvm = WorkerJdk.at(fakeJdk("graalvm", "25.0.1", true));
        assertTrue(graalvm.libgraal());
        assertEquals(25, graalvm.feature());
        assertEquals("25.0.1, Oracle Corporation", graalvm.label());
        for (SandboxSettings.Jit jit : new SandboxSettings.Jit[] {SandboxSettings.Jit.AUTO, SandboxSettings.Jit.ON}) {
            JitOptions.Choice choice = JitOptions.forWorker(jit, 2, graalvm);
            assertEquals(JitOptions.Compiler.LIBGRAAL, choice.compiler());
            // No compiler jars: they would replace libgraal with the slow Java-bytecode compiler.
            assertFalse(choice.options().stream().anyMatch(o -> o.startsWith("--upgrade-module-path")), choice.toString());
        }
        assertEquals(JitOptions.Compiler.NONE, JitOptions.forWorker(SandboxSettings.Jit.OFF, 2, graalvm).compiler());
    }

    @Test
    void aJdkWithoutJvmciCannotTurnTheCompilerOn() throws IOException {
        WorkerJdk plain = WorkerJdk.at(fakeJdk("plain", "21.0.5", false));
        assertFalse(plain.jvmci());
        assertEquals(JitOptions.Compiler.NONE,
                JitOptions.forWorker(SandboxSettings.Jit.AUTO, JitOptions.AUTO_MIN_CORES, plain).compiler());
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> JitOptions.forWorker(SandboxSettings.Jit.ON, 8, plain));
        assertTrue(e.getMessage().contains("no JVMCI module"), e.getMessage());
    }

    @Test
    void javaHomeMustBeAJdk21OrNewer() throws IOException {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> WorkerJdk.of(Optional.of(dir.resolve("missing"))));
        assertTrue(none.getMessage().startsWith("sandbox.worker.java-home must name a JDK directory with bin/java"),
                none.getMessage());
        IllegalArgumentException old = assertThrows(IllegalArgumentException.class,
                () -> WorkerJdk.at(fakeJdk("old", "17.0.15", true)));
        assertTrue(old.getMessage().contains("JDK 21 or newer") && old.getMessage().contains("'17.0.15'"),
                old.getMessage());
        assertEquals(STOCK.home(), WorkerJdk.of(Optional.empty()).home());
    }

    /** A JDK directory as the release file and the file layout describe it; its java is the running one. */
    private Path fakeJdk(String name, String version, boolean graalvm) throws IOException {
        Path home = Files.createDirectories(dir.resolve(name));
        Files.createDirectories(home.resolve("bin"));
        Files.createSymbolicLink(home.resolve("bin/java"), STOCK.java());
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Oracle Corporation\"\nJAVA_VERSION=\"" + version
                + "\"\nMODULES=\"java.base" + (graalvm ? " jdk.internal.vm.ci jdk.graal.compiler" : "") + " jdk.jfr\"\n");
        if (graalvm) {
            Files.createDirectories(home.resolve("lib"));
            Files.writeString(home.resolve("lib/libjvmcicompiler.so"), "");
        }
        return home;
    }
}
