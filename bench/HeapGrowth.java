import dev.codeexec.sandbox.ExecutionRequest;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.PythonPackages;
import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.sandbox.SessionKey;
import dev.codeexec.sandbox.engine.InProcessExecutor;
import dev.codeexec.sandbox.engine.SandboxContexts;
import dev.codeexec.workspace.WorkspaceQuota;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A worker's engine without the server: the parity programs run in order, pass after pass, by one caller, each in a
 * fresh interpreter with {@code -Dreuse=FRESH} (as REST runs without a session header are) or in the caller's warm
 * one (the default), and the live heap after full collections is printed every {@code every} runs (a class histogram
 * is written to target/heap-growth/ at each report when {@code histograms} is given; {@code -Ddump=FILE} writes a
 * heap dump at the end). Run from the repository after a package, with the worker's JVM options:
 * {@code java -Dreuse=FRESH -Xmx1g -Xss16m -XX:+UseSerialGC -cp target/classes:$(cat target/worker-classpath.txt)
 * bench/HeapGrowth.java 2 14} (docs/benchmarks.md, eighth session). Prints metadata only (names, exit codes, sizes),
 * never output.
 */
public class HeapGrowth {

    public static void main(String[] args) throws Exception {
        int passes = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int every = args.length > 1 ? Integer.parseInt(args[1]) : 19;
        boolean histograms = args.length > 2 && args[2].equals("histograms");
        String reuse = System.getProperty("reuse", "WARM");
        Path root = Files.createDirectories(Path.of("target/heap-growth/workspace"));
        Path out = Path.of("target/heap-growth");
        WorkspaceQuota quota = new WorkspaceQuota(1 << 26, 1 << 28, 1000, 64);
        // heap-percent 100: no recycling at a heap alarm, so what the runs leave behind shows as it is.
        SandboxSettings settings = new SandboxSettings(SandboxSettings.Isolation.IN_PROCESS, root,
                Path.of("python-packages"), 1 << 16, 16, 1, 1, 0, Duration.ofSeconds(2), 8, Duration.ofMinutes(30),
                new SandboxSettings.Warm(1000, Duration.ofMinutes(30), 4, 100),
                new SandboxSettings.Worker(0, 0, 0, Duration.ZERO, List.of(), Optional.empty(), Optional.empty(),
                        SandboxSettings.Jit.OFF, Optional.empty(), 0), quota);
        List<Path> programs;
        try (var files = Files.list(Path.of("src/test/resources/parity"))) {
            programs = files.filter(p -> p.toString().endsWith(".py")).sorted().toList();
        }
        long pid = ProcessHandle.current().pid();
        try (SandboxContexts contexts = new SandboxContexts(new WorkspaceRoot(root),
                PythonPackages.scan(Path.of("python-packages")), quota, 16, OutputStream.nullOutputStream(),
                (owner, service, method, a) -> "{\"error\":\"no host here\",\"kind\":\"failed\"}");
                InProcessExecutor executor = new InProcessExecutor(contexts, settings)) {
            int runs = 0;
            report(runs, pid, histograms, out);
            for (int pass = 1; pass <= passes; pass++) {
                long start = System.nanoTime();
                for (Path program : programs) {
                    String code = Files.readString(program);
                    ExecutionResult result = executor.run(new ExecutionRequest(code, "", Duration.ofSeconds(60), "bench",
                            SessionKey.warm("bench"), ExecutionRequest.Reuse.valueOf(reuse)), id -> { }).result();
                    runs++;
                    if (result.exitCode() != 0 || result.timedOut()) {
                        System.out.printf("  %s exit %d timed out %b%n", program.getFileName(), result.exitCode(),
                                result.timedOut());
                    }
                    if (runs % every == 0) {
                        report(runs, pid, histograms, out);
                    }
                }
                System.out.printf("pass %d: %d s%n", pass, (System.nanoTime() - start) / 1_000_000_000L);
            }
            String dump = System.getProperty("dump");
            if (dump != null) {
                new ProcessBuilder("jcmd", Long.toString(pid), "GC.heap_dump", Path.of(dump).toAbsolutePath().toString())
                        .inheritIO().start().waitFor();
            }
        }
    }

    private static void report(int runs, long pid, boolean histogram, Path out) throws Exception {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        long used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        System.out.printf("runs %4d: live heap %d MB%n", runs, used >> 20);
        if (histogram) {
            new ProcessBuilder("jcmd", Long.toString(pid), "GC.class_histogram")
                    .redirectOutput(out.resolve("histogram-" + runs + ".txt").toFile()).start().waitFor();
        }
    }
}
