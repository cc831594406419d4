package dev.codeexec.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The packaged server driven the way a desktop agent drives it: started from the project directory,
 * line-delimited JSON-RPC on stdin/stdout, stderr to a log file. Every stdout line must be a protocol
 * message. One caller at a time per server.
 */
final class StdioServer implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();

    /** A stdout line and how long the stderr log was when it was read. */
    private record Line(String text, long stderrBytes) {
    }

    /** The initialize answer and what the server had written to stderr by the time it arrived. */
    record Initialized(JsonNode response, String stderrBefore) {
    }

    private final Process process;
    private final OutputStream toServer;
    private final Path log;
    private final BlockingQueue<Line> lines = new LinkedBlockingQueue<>();
    private int nextId = 1;

    private StdioServer(Process process, Path log) {
        this.process = process;
        this.toServer = process.getOutputStream();
        this.log = log;
        Thread.ofPlatform().daemon().start(this::readStdout);
    }

    /** Starts {@code java <jvmOptions> -jar quarkus-run.jar}; {@code log} is replaced. */
    static StdioServer start(Path log, Map<String, String> environment, String... jvmOptions) throws IOException {
        return startCommand(log, environment, PackagedServer.javaJar(List.of(jvmOptions)));
    }

    /** Starts the server with {@code command} (the launcher script, say); {@code log} is replaced. */
    static StdioServer startCommand(Path log, Map<String, String> environment, List<String> command)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.redirectError(ProcessBuilder.Redirect.to(log.toFile()));
        builder.environment().putAll(environment);
        return new StdioServer(builder.start(), log);
    }

    private void readStdout() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                lines.add(new Line(line, Files.size(log)));
            }
        } catch (IOException e) {
            // server gone
        }
    }

    /** Sends initialize and then the initialized notification. */
    Initialized initialize(String clientName) throws Exception {
        Line answer = exchange("initialize", Map.of("protocolVersion", "2025-06-18", "capabilities", Map.of(),
                "clientInfo", Map.of("name", clientName, "version", "1")));
        send(Map.of("jsonrpc", "2.0", "method", "notifications/initialized"));
        byte[] stderr = Files.readAllBytes(log);
        return new Initialized(JSON.readTree(answer.text()),
                new String(stderr, 0, (int) Math.min(stderr.length, answer.stderrBytes()), StandardCharsets.UTF_8));
    }

    void send(Map<String, Object> message) throws IOException {
        toServer.write((JSON.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8));
        toServer.flush();
    }

    /** Sends a request and returns its response; params is what the request carries, usually a map. */
    JsonNode request(String method, Object params) throws Exception {
        return JSON.readTree(exchange(method, params).text());
    }

    /** Calls a tool that must succeed and returns its structured content. */
    JsonNode call(String tool, Map<String, Object> arguments) throws Exception {
        JsonNode response = request("tools/call", Map.of("name", tool, "arguments", arguments));
        assertFalse(response.at("/result/isError").asBoolean(true), () -> tool + ": " + response + warnings());
        return response.at("/result/structuredContent");
    }

    /** The server's warnings and errors so far, for a failure message: CI keeps the test output, not this log. */
    private String warnings() {
        try {
            List<String> lines = Files.readAllLines(log).stream()
                    .filter(l -> l.contains(" WARN") || l.contains(" ERROR") || l.contains(" SEVERE")).toList();
            return "\nwarnings and errors in " + log + ":\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "\n(" + log + " unreadable: " + e + ")";
        }
    }

    private Line exchange(String method, Object params) throws Exception {
        int id = nextId++;
        send(Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", params));
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (System.nanoTime() < deadline) {
            Line line = lines.poll(1, TimeUnit.SECONDS);
            if (line == null) {
                assertTrue(process.isAlive(), "server exited; see " + log);
                continue;
            }
            JsonNode message = JSON.readTree(line.text());
            assertEquals("2.0", message.path("jsonrpc").asText(), "non-protocol line on stdout: " + line.text());
            if (message.path("id").asInt(-1) == id) {
                return line;
            }
        }
        throw new AssertionError("no answer to " + method + "; see " + log);
    }

    /**
     * Waits until the server logged the end of its start-up. It answers initialize before that, while it may
     * still be importing starter skills through the shared database.
     */
    void awaitStarted() {
        org.awaitility.Awaitility.await("server finished starting; see " + log)
                .atMost(java.time.Duration.ofMinutes(3))
                .failFast("server exited during start-up; see " + log, () -> !process.isAlive())
                .until(() -> Files.readString(log).contains(" started in "));
    }

    String stderr() throws IOException {
        return Files.readString(log);
    }

    /** Closes stdin, as a desktop client does when it quits, and returns the exit status. */
    int stop() throws Exception {
        toServer.close();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("server did not exit within 60 s of stdin closing; see " + log);
        }
        return process.exitValue();
    }

    /**
     * The command lines of the server's worker JVMs (not of the OS sandbox around them), read from /proc, each with
     * its arguments joined by spaces and a space at either end.
     */
    List<String> workerCommandLines() {
        return descendantCommandLines().stream().filter(line -> line.split(" ", 3)[1].endsWith("/java")
                && line.contains(" dev.codeexec.sandbox.worker.SandboxWorkerMain ")).toList();
    }

    /** The command line of every process under the server (the OS sandbox's around each worker too), as above. */
    List<String> descendantCommandLines() {
        return process.descendants().map(p -> {
            try {
                String[] args = Files.readString(Path.of("/proc", Long.toString(p.pid()), "cmdline"),
                        StandardCharsets.UTF_8).split("\0");
                return " " + String.join(" ", args) + " ";
            } catch (IOException e) {
                return " "; // the process ended
            }
        }).filter(line -> !line.isBlank()).toList();
    }

    /** Kills the process without warning (SIGKILL), as a crash or a force-quitting client does. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
