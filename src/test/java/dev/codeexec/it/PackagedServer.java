package dev.codeexec.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The packaged jar as a separate process with its own workspace and data directory under target/, the
 * way an operator starts it. {@link #command} gives the command line (for a client that spawns the server
 * over stdio itself); {@link #startHttp} runs it on a free loopback port with stdio off.
 */
final class PackagedServer implements AutoCloseable {

    static final Path JAR = Path.of("target/quarkus-app/quarkus-run.jar");
    private static final Duration START_LIMIT = Duration.ofMinutes(3);

    private final Process process;
    private final int port;
    private final Path log;

    private PackagedServer(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * java [properties] -jar quarkus-run.jar, with the workspace and H2 data under target/&lt;name&gt;-*
     * and one sandbox worker, which keeps a run on a 2-core machine short.
     */
    static List<String> command(String name, List<String> properties) {
        return javaJar(jvmOptions(name, properties));
    }

    /**
     * Recording the workers' ahead-of-time cache and the workers' idle warm-up rounds are off: they would only
     * compete with the test for the cores (BuiltWorkerCacheIT and WorkerWarmupTest cover them). Workers compile
     * with C1 alone, as in the unit tests' profile: they run short snippets and start sooner. No worker is stopped
     * for idleness: a test that paused would otherwise wait for one to start again (WorkerPlacementTest covers it).
     */
    static final List<String> QUIET_WORKERS = List.of("-Dsandbox.worker.aot-cache=false",
            "-Dsandbox.worker.warmup-rounds=0", "-Dsandbox.worker.jvm-options=-XX:TieredStopAtLevel=1",
            "-Dsandbox.worker.idle-stop=0");

    /** java [jvmOptions] -jar quarkus-run.jar with this test JVM's java, workers quiet ({@link #QUIET_WORKERS}). */
    static List<String> javaJar(List<String> jvmOptions) {
        assertTrue(Files.exists(JAR), "package the server first (mvn verify does): " + JAR);
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:TieredStopAtLevel=1"); // the server lives for one test: start-up is what counts
        command.addAll(serverAotCache());
        command.addAll(QUIET_WORKERS);
        command.addAll(jvmOptions);
        command.add("-jar");
        command.add(JAR.toString());
        return command;
    }

    /**
     * The ahead-of-time cache the build recorded for the packaged server (scripts/record-server-aot), when this test
     * JVM's java recorded it: as scripts/code-execution-mcp does for an operator. The ITs start about a dozen servers,
     * each in less CPU with it (measured: 8.1 s of server CPU to "started" against 9.7 s, three starts each).
     */
    static List<String> serverAotCache() {
        Path cache = JAR.resolveSibling("server.aot");
        Path stamp = JAR.resolveSibling("server.aot.jdk");
        try {
            Path java = Path.of(System.getProperty("java.home"), "bin", "java").toRealPath();
            if (Files.isRegularFile(cache) && Files.isRegularFile(stamp)
                    && Files.readString(stamp).strip().equals(java.toString())) {
                return List.of("-XX:AOTCache=" + cache);
            }
        } catch (IOException e) {
            // no cache: the server starts without one
        }
        return List.of();
    }

    /** The JVM options of {@link #command}, for launching through scripts/code-execution-mcp. */
    static List<String> jvmOptions(String name, List<String> properties) {
        assertTrue(Files.exists(JAR), "package the server first (mvn verify does): " + JAR);
        List<String> options = new ArrayList<>();
        options.add("-Dsandbox.workspace=target/" + name + "-workspace");
        options.add("-Dcodeexec.data-dir=./target/" + name + "-data");
        options.add("-Dsandbox.max-concurrent=1");
        // Through the launcher script (no javaJar), so say it here too.
        options.addAll(QUIET_WORKERS);
        options.addAll(properties);
        return options;
    }

    /** Starts the server on streamable HTTP only and returns once it answers its liveness check. */
    static PackagedServer startHttp(String name, List<String> properties) throws IOException, InterruptedException {
        return startHttp(name, properties, Map.of());
    }

    /** As {@link #startHttp(String, List)}, with these variables added to the server's environment (secrets). */
    static PackagedServer startHttp(String name, List<String> properties, Map<String, String> environment)
            throws IOException, InterruptedException {
        int port = FreePorts.next();
        List<String> extra = new ArrayList<>(properties);
        extra.add("-Dquarkus.http.port=" + port);
        extra.add("-Dquarkus.mcp.server.stdio.enabled=false");
        Path log = Path.of("target", name + "-server.log");
        Files.deleteIfExists(log);
        ProcessBuilder builder = new ProcessBuilder(command(name, extra))
                .redirectOutput(log.toFile())
                .redirectErrorStream(true);
        builder.environment().putAll(environment);
        PackagedServer server = new PackagedServer(builder.start(), port, log);
        server.awaitHealth("live");
        return server;
    }

    String mcpUrl() {
        return baseUrl() + "/mcp";
    }

    /** host:port, as a load balancer names it. */
    String address() {
        return "127.0.0.1:" + port;
    }

    String baseUrl() {
        return "http://" + address();
    }

    /** Returns once /q/health/ready is UP: a sandbox worker is warm. */
    void awaitReady() throws InterruptedException {
        awaitHealth("ready");
    }

    /** Kills the server and its workers at once (SIGKILL), as a crash would, and waits until they are gone. */
    void kill() throws InterruptedException {
        List<ProcessHandle> started = process.toHandle().descendants().toList();
        process.destroyForcibly();
        process.waitFor();
        for (ProcessHandle worker : started) {
            worker.destroyForcibly();
        }
    }

    Path log() {
        return log;
    }

    /** Polls /q/health/{check}; between polls it waits on the process, so a server that dies fails at once. */
    private void awaitHealth(String check) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest live = HttpRequest.newBuilder(URI.create(baseUrl() + "/q/health/" + check))
                .timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + START_LIMIT.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                if (http.send(live, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYetListening) {
                // keep polling until the deadline
            }
            if (process.waitFor(250, TimeUnit.MILLISECONDS)) {
                throw new AssertionError("server exited with " + process.exitValue() + " before it was " + check
                        + "; see " + log);
            }
        }
        close();
        throw new AssertionError("server not " + check + " within " + START_LIMIT.toSeconds() + " s; see " + log);
    }

    /** Stops the server, then whatever it started (sandbox workers, upstream servers) if they outlive it. */
    @Override
    public void close() {
        stop(process.toHandle());
    }

    static void stop(ProcessHandle root) {
        List<ProcessHandle> started = root.descendants().toList();
        end(root);
        started.stream().filter(ProcessHandle::isAlive).forEach(PackagedServer::end);
    }

    private static void end(ProcessHandle process) {
        process.destroy();
        try {
            process.onExit().get(15, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
