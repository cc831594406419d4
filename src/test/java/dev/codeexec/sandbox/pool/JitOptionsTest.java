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
        JitOptions.Choice choice = JitOptions.forWorker(SandboxSettings.Jit.OFF, STOCK);
        assertEquals(JitOptions.Compiler.NONE, choice.compiler());
        assertFalse(choice.options().stream().anyMatch(o -> o.contains("JVMCI")), choice.toString());
        assertTrue(choice.notice().isEmpty());
    }

    @Test
    void aStockJdkRunsTheInterpreterOnlyAndOnSaysWhyAtStartUp() {
        assertFalse(STOCK.libgraal(), "the test JDK is a stock one");
        JitOptions.Choice auto = JitOptions.forWorker(SandboxSettings.Jit.AUTO, STOCK);
        assertEquals(JitOptions.Compiler.NONE, auto.compiler());
        assertTrue(auto.notice().isEmpty(), "auto asks for the compiler only where there is one");
        JitOptions.Choice on = JitOptions.forWorker(SandboxSettings.Jit.ON, STOCK);
        assertEquals(JitOptions.Compiler.NONE, on.compiler());
        assertFalse(on.options().stream().anyMatch(o -> o.contains("JVMCI") || o.contains("module-path")),
                on.toString());
        String notice = on.notice().orElseThrow();
        assertTrue(notice.startsWith("sandbox.jit=on, but the workers' JDK (") && notice.contains(STOCK.home().toString())
                && notice.contains("interpreter-only") && notice.contains("sandbox.worker.java-home"), notice);
    }

    @Test
    void aGraalVmJdkGetsItsNativeCompiler() throws IOException {
        WorkerJdk graalvm = WorkerJdk.at(fakeJdk("graalvm", "25.0.1", true));
        assertTrue(graalvm.libgraal());
        assertEquals(25, graalvm.feature());
        assertEquals("25.0.1, Oracle Corporation", graalvm.label());
        for (SandboxSettings.Jit jit : new SandboxSettings.Jit[] {SandboxSettings.Jit.AUTO, SandboxSettings.Jit.ON}) {
            JitOptions.Choice choice = JitOptions.forWorker(jit, graalvm);
            assertEquals(JitOptions.Compiler.LIBGRAAL, choice.compiler());
            assertEquals(List.of(), choice.options(), "a GraalVM JDK uses libgraal for Truffle by default");
            assertTrue(choice.notice().isEmpty());
        }
        assertEquals(JitOptions.Compiler.NONE, JitOptions.forWorker(SandboxSettings.Jit.OFF, graalvm).compiler());
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
