package dev.codeexec.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * HAProxy with the shipped deploy/haproxy/haproxy.cfg in front of two replicas, on a free loopback port, the
 * way an operator runs it: the file is used as committed, only its environment variables are set.
 */
final class LoadBalancer implements AutoCloseable {

    static final Path CONFIG = Path.of("deploy/haproxy/haproxy.cfg");
    private static final Duration START_LIMIT = Duration.ofSeconds(30);

    private final Process process;
    private final int port;
    private final Path log;

    private LoadBalancer(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** True when an executable named haproxy is on the PATH. */
    static boolean installed() {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "haproxy"))) {
                return true;
            }
        }
        return false;
    }

    /** Starts HAProxy (foreground, -db) and returns once it forwards /q/health/ready to a ready replica. */
    static LoadBalancer start(String name, String replica1, String replica2) throws IOException, InterruptedException {
        int port = FreePorts.next();
        Path log = Path.of("target", name + "-haproxy.log");
        ProcessBuilder builder = new ProcessBuilder(List.of("haproxy", "-db", "-f", CONFIG.toString()))
                .redirectOutput(log.toFile())
                .redirectErrorStream(true);
        builder.environment().put("LB_BIND", "127.0.0.1");
        builder.environment().put("LB_PORT", Integer.toString(port));
        builder.environment().put("REPLICA_1", replica1);
        builder.environment().put("REPLICA_2", replica2);
        LoadBalancer balancer = new LoadBalancer(builder.start(), port, log);
        balancer.awaitForwarding();
        return balancer;
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    String mcpUrl() {
        return baseUrl() + "/mcp";
    }

    Path log() {
        return log;
    }

    private void awaitForwarding() throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create(baseUrl() + "/q/health/ready"))
                .timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + START_LIMIT.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                if (http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYetListening) {
                // keep polling until the deadline
            }
            if (process.waitFor(200, TimeUnit.MILLISECONDS)) {
                throw new AssertionError("haproxy exited with " + process.exitValue() + "; see " + log);
            }
        }
        close();
        throw new AssertionError("haproxy did not forward within " + START_LIMIT.toSeconds() + " s; see " + log);
    }

    @Override
    public void close() {
        PackagedServer.stop(process.toHandle());
    }
}
