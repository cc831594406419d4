package dev.codeexec.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real MCP clients of src/test/node (the official TypeScript SDK client and the conformance suite),
 * installed from the committed lockfile by {@code npm ci --prefix src/test/node}, as .ci/run does.
 */
final class NodeClients {

    static final Path DIR = Path.of("src/test/node");
    static final Path MODULES = DIR.resolve("node_modules");
    /** Node 22 from the pinned {@code node} package: the conformance CLI needs it (fs.globSync). */
    static final Path NODE_22 = MODULES.resolve("node/bin/node");
    static final Path CONFORMANCE = MODULES.resolve(".bin/conformance");

    private NodeClients() {
    }

    static void requireInstalled() {
        assertTrue(Files.isDirectory(MODULES.resolve("@modelcontextprotocol/sdk"))
                        && Files.isDirectory(MODULES.resolve("@modelcontextprotocol/conformance"))
                        && Files.isExecutable(NODE_22),
                "the Node clients are not installed: run `npm ci --prefix src/test/node` (CI's .ci/run does)");
    }

    record Run(int exitCode, String output, Duration took) {
    }

    /**
     * Runs a command to its end, its stdout and stderr together in target/&lt;name&gt;.txt (callers put the
     * output in their failure messages), and kills it with everything it started when it outlives the limit.
     */
    static Run run(String name, List<String> command, Duration limit) throws IOException, InterruptedException {
        Path out = Path.of("target", name + ".txt");
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        boolean ended = process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
        if (!ended) {
            PackagedServer.stop(process.toHandle());
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        String output = Files.readString(out, StandardCharsets.UTF_8);
        String last = output.strip().lines().reduce((first, second) -> second).orElse("(no output)");
        System.out.println(name + ": " + (ended ? "exit " + process.exitValue() : "killed") + " after "
                + took.toMillis() + " ms, last line: " + last + " (all of it in " + out + ")");
        if (!ended) {
            throw new AssertionError(name + " did not end within " + limit.toSeconds() + " s:\n" + output);
        }
        return new Run(process.exitValue(), output, took);
    }
}
