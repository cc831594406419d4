package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.SandboxSettings;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

class JitOptionsTest {

    @Test
    void offRunsTheInterpreterOnly() {
        List<String> options = JitOptions.forWorker(SandboxSettings.Jit.OFF, 64);
        assertFalse(options.stream().anyMatch(o -> o.contains("JVMCI")), options.toString());
    }

    @Test
    void autoAndOnUseTheGraalCompilerWhenTheBuildCopiedIt() {
        // The build copies the compiler to target/graal-jit, and Temurin 21+ ships JVMCI.
        assertTrue(Files.isDirectory(JitOptions.JARS), "mvn generate-resources copies the compiler jars");
        for (SandboxSettings.Jit jit : new SandboxSettings.Jit[] {SandboxSettings.Jit.AUTO, SandboxSettings.Jit.ON}) {
            List<String> options = JitOptions.forWorker(jit, JitOptions.AUTO_MIN_CORES);
            assertTrue(options.contains("-XX:+EnableJVMCI"), options.toString());
            assertTrue(options.stream().anyMatch(o -> o.startsWith("--upgrade-module-path=") && o.contains("compiler-")),
                    options.toString());
        }
    }

    @Test
    void autoStaysInterpreterOnlyOnSmallMachinesButOnIsObeyed() {
        List<String> auto = JitOptions.forWorker(SandboxSettings.Jit.AUTO, 2);
        assertFalse(auto.stream().anyMatch(o -> o.contains("JVMCI")), auto.toString());
        List<String> on = JitOptions.forWorker(SandboxSettings.Jit.ON, 2);
        assertTrue(on.contains("-XX:+EnableJVMCI"), on.toString());
    }
}
