package dev.codeexec.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two packaged replicas behind HAProxy with deploy/haproxy/haproxy.cfg, as docs/DEPLOYMENT.md deploys them: one
 * workspace and tenants directory, one PostgreSQL database, a data directory each. The balancer hashes the
 * Authorization header, so every request of a tenant, on a new connection each time or with no session id at all,
 * reaches the replica holding its handles; skills and workspace files are seen by both; when one replica dies, its
 * tenants move to the other, whose refusal of their session handles names the dead replica; they open new sessions
 * there (their Python variables start over) and carry on, and nothing saved is lost.
 */
class ReplicasIT {

    static final String TOKEN = "replicas-it-token";
    /** Tenants t0..t15: the balancer's hash of their tokens is fixed, and splits them over both replicas. */
    static final int TENANTS_CONFIGURED = 16;
    static final Path WORKSPACE = Path.of("target/replicas-workspace");
    static final Path TENANTS = Path.of("target/replicas-tenants");
    static final int CLIENTS = 8;
    static final int CALLS = 20;
    /** Every client makes this many calls, then waits while one replica is killed. */
    static final int CALLS_BEFORE_KILL = 10;
    static final String COUNT = "x = globals().get('x', 0) + 1\nprint(x)";
    static final Duration RUN_LIMIT = Duration.ofMinutes(3);
    static final ObjectMapper JSON = new ObjectMapper();

    /** Distinct names per run: the PostgreSQL database outlives the test. */
    final String run = Long.toString(System.currentTimeMillis(), 36);
    final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    final List<AutoCloseable> started = new ArrayList<>();

    @BeforeAll
    static void postgresqlAndHaproxyAvailable() {
        List<String> missing = new ArrayList<>();
        if (System.getenv("CODEEXEC_TEST_PG_URL") == null) {
            missing.add("PostgreSQL (set CODEEXEC_TEST_PG_URL, CODEEXEC_TEST_PG_USER, CODEEXEC_TEST_PG_PASSWORD)");
        }
        if (!LoadBalancer.installed()) {
            missing.add("haproxy on the PATH (apt-get install haproxy)");
        }
        String message = "ReplicasIT needs " + String.join(" and ", missing);
        if (!missing.isEmpty() && "true".equalsIgnoreCase(System.getenv("CI"))) {
            fail(message + "; CI must provide them");
        }
        assumeTrue(missing.isEmpty(), message);
    }

    @AfterEach
    void stopAll() throws Exception {
        for (AutoCloseable process : started.reversed()) {
            process.close();
        }
    }

    /** Secrets go in the environment, where other local users cannot read them from the command line. */
    static Map<String, String> environment() {
        return Map.of("MCP_EXEC_AUTH_TOKEN", TOKEN,
                "CODEEXEC_DB_KIND", "postgresql",
                "CODEEXEC_DB_URL", System.getenv("CODEEXEC_TEST_PG_URL"),
                "CODEEXEC_DB_USERNAME", System.getenv().getOrDefault("CODEEXEC_TEST_PG_USER", ""),
                "CODEEXEC_DB_PASSWORD", System.getenv().getOrDefault("CODEEXEC_TEST_PG_PASSWORD", ""));
    }

    static String tenantToken(int tenant) {
        return "replicas-it-tenant-" + tenant;
    }

    static List<String> properties() {
        // Sixteen tenants so that the balancer's hash puts some on each replica; two workers a replica, not one per
        // tenant as by default: the test drives one tenant on each. No ready warm-up: the test waits for both replicas
        // to be ready, and their 150 warm-up runs each (StdioTransportIT covers them) took 23-27 s of it in CI.
        List<String> properties = new ArrayList<>(List.of("-Dsandbox.workspace=" + WORKSPACE,
                "-Dworkspace.tenants-dir=" + TENANTS, "-Dquarkus.http.host=127.0.0.1", "-Dsandbox.max-workers=2",
                "-Dsandbox.ready-warmup-runs=0"));
        for (int t = 0; t < TENANTS_CONFIGURED; t++) {
            properties.add("-Dcodeexec.tenants.t" + t + ".token=" + tenantToken(t));
        }
        return properties;
    }

    @Test
    void sessionsStayOnTheirReplicaAndMoveToTheOtherWhenItDies() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<PackagedServer> replicaPair = startReplicas(pool, "replica-a", "replica-b");
            PackagedServer a = replicaPair.get(0);
            PackagedServer b = replicaPair.get(1);
            a.awaitReady();
            b.awaitReady();
            LoadBalancer balancer = LoadBalancer.start("replicas", a.address(), b.address());
            started.add(balancer);

            String skill = "replicas_" + run;
            String shared = "replicas/" + run + "/from-b.txt";
            bothReplicasShareSkillsAndWorkspace(a, b, skill, shared);
            List<String> tokens = tenantsOnBothReplicas(balancer);
            Map<RestCaller, String> restHomes = restSessionsStayOnTheirReplica(balancer, tokens);

            CountDownLatch halfway = new CountDownLatch(CLIENTS);
            CountDownLatch killed = new CountDownLatch(1);
            List<Future<ClientRun>> clients = IntStream.range(0, CLIENTS)
                    .mapToObj(i -> pool.submit(() -> new CountingClient(http, balancer.mcpUrl(), tokens.get(i), i,
                            "replicas/" + run + "/client-" + i + ".txt").run(halfway, killed)))
                    .toList();
            assertTrue(halfway.await(RUN_LIMIT.toSeconds(), TimeUnit.SECONDS),
                    "the clients did not all make " + CALLS_BEFORE_KILL + " calls; see " + balancer.log());
            a.kill();
            killed.countDown();
            List<ClientRun> runs = new ArrayList<>();
            for (Future<ClientRun> client : clients) {
                runs.add(client.get(RUN_LIMIT.toSeconds(), TimeUnit.SECONDS));
            }

            Set<String> replicas = new TreeSet<>();
            runs.forEach(r -> replicas.add(r.firstReplica()));
            // Names from haproxy.cfg: REPLICA_1 is a, REPLICA_2 is b.
            assertEquals(Set.of("replica1", "replica2"), replicas, "tenants were not balanced over both: " + runs);
            for (ClientRun r : runs) {
                if (r.firstReplica().equals("replica1")) {
                    assertEquals(1, r.errors().size(), "client " + r.client() + ": " + r.errors());
                    assertTrue(r.errors().get(0).startsWith("session: was issued by server replica-a-"),
                            "client " + r.client() + ": " + r.errors());
                    assertEquals("replica2", r.lastReplica(), "client " + r.client() + "'s new session");
                    assertEquals(counts(CALLS_BEFORE_KILL, CALLS - CALLS_BEFORE_KILL), r.printed(),
                            "client " + r.client() + ": its variables start over in the new session");
                } else {
                    assertEquals(List.of(), r.errors(), "client " + r.client() + " on the live replica");
                    assertEquals("replica2", r.lastReplica());
                    assertEquals(counts(CALLS), r.printed(), "client " + r.client());
                }
            }

            restCallersOfTheDeadReplicaHearTheirStateIsGone(balancer, restHomes);
            nothingSavedIsLost(b, balancer, skill, shared, tokens);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Starts the replicas together (each start is mostly waiting for its JVMs, and the IT must stay short); every one
     * that started is stopped after the test, even when another failed.
     */
    private List<PackagedServer> startReplicas(ExecutorService pool, String... names) throws Exception {
        List<Future<PackagedServer>> starting = new ArrayList<>();
        for (String name : names) {
            List<String> named = new ArrayList<>(properties());
            // One host: without their own names both would be the same replica restarted (see CallerHomes).
            named.add("-Dcodeexec.replica.name=" + name);
            starting.add(pool.submit(() -> PackagedServer.startHttp(name, named, environment())));
        }
        List<PackagedServer> replicas = new ArrayList<>();
        ExecutionException failed = null;
        for (Future<PackagedServer> start : starting) {
            try {
                replicas.add(start.get());
            } catch (ExecutionException e) {
                failed = e;
            }
        }
        started.addAll(replicas);
        if (failed != null) {
            throw failed;
        }
        return replicas;
    }

    private void bothReplicasShareSkillsAndWorkspace(PackagedServer a, PackagedServer b, String skill, String file)
            throws Exception {
        McpHttpSession viaA = McpHttpSession.open(http, a.mcpUrl(), TOKEN, "replicas-a");
        McpHttpSession viaB = McpHttpSession.open(http, b.mcpUrl(), TOKEN, "replicas-b");
        assertEquals(1, viaA.call("save_skill", Map.of("name", skill, "description", "Saved through replica a.",
                "code", "VALUE = 'a'\n")).path("version").asInt());
        assertTrue(skillNames(viaB.call("list_skills", Map.of("query", skill))).contains(skill),
                "a skill saved through replica a is not listed through b");
        viaB.call("write_workspace_file", Map.of("path", file, "content", "written through b"));
        assertEquals("written through b", viaA.call("read_workspace_file", Map.of("path", file)).path("content")
                .asText());
    }

    /**
     * Tokens for {@link #CLIENTS} clients: the first half of one tenant answered by replica1, the rest of one answered
     * by replica2, as the balancer's hash of each token places it (asked with one request each). One tenant per
     * replica: a worker serves one tenant, and each replica has two (one running slot and the spare), so that once
     * one replica dies the other holds a worker for each tenant; with four tenants on a replica every call recycled
     * a worker (41 recycles in 74 runs), which is what more tenants than workers cost (docs/benchmarks.md).
     */
    private List<String> tenantsOnBothReplicas(LoadBalancer balancer) throws Exception {
        Map<String, List<String>> byReplica = new HashMap<>();
        for (int t = 0; t < TENANTS_CONFIGURED; t++) {
            McpHttpSession probe = McpHttpSession.sessionless(http, balancer.mcpUrl(), tenantToken(t));
            probe.call("get_execution_stats", Map.of());
            byReplica.computeIfAbsent(probe.lastReplica(), r -> new ArrayList<>()).add(tenantToken(t));
        }
        List<String> one = byReplica.getOrDefault("replica1", List.of());
        List<String> two = byReplica.getOrDefault("replica2", List.of());
        assertTrue(!one.isEmpty() && !two.isEmpty(), "the balancer's hash placed the "
                + TENANTS_CONFIGURED + " tenants " + byReplica + "; configure more tenants");
        List<String> tokens = new ArrayList<>(java.util.Collections.nCopies(CLIENTS / 2, one.get(0)));
        tokens.addAll(java.util.Collections.nCopies(CLIENTS / 2, two.get(0)));
        return tokens;
    }

    /**
     * REST callers of two tenants, one on each replica, each with its own X-Session-Id, open a session with "new"
     * and count in it by its handle; every call of a tenant reaches the replica its first one did.
     */
    private Map<RestCaller, String> restSessionsStayOnTheirReplica(LoadBalancer balancer, List<String> tokens)
            throws Exception {
        Map<RestCaller, String> homes = new HashMap<>();
        for (String token : List.of(tokens.get(0), tokens.get(CLIENTS - 1))) {
            RestCaller caller = new RestCaller(token, "rest-" + run + "-" + token);
            Set<String> replicas = new TreeSet<>();
            List<Integer> printed = new ArrayList<>();
            for (int call = 0; call < 5; call++) {
                HttpResponse<String> response = restCount(balancer, caller);
                assertEquals(200, response.statusCode(), response.body());
                replicas.add(response.headers().firstValue(McpHttpSession.REPLICA_HEADER).orElse("?"));
                printed.add(Integer.parseInt(JSON.readTree(response.body()).path("stdout").asText().strip()));
            }
            assertEquals(counts(5), printed, caller.sessionId);
            assertEquals(1, replicas.size(), caller.sessionId + " moved between replicas: " + replicas);
            homes.put(caller, replicas.iterator().next());
        }
        assertEquals(Set.of("replica1", "replica2"), new TreeSet<>(homes.values()), "not spread: " + homes);
        return homes;
    }

    /** One REST caller: a tenant's token, its X-Session-Id, and the session handle it counts in. */
    private static final class RestCaller {
        final String token;
        final String sessionId;
        String session = "new";

        RestCaller(String token, String sessionId) {
            this.token = token;
            this.sessionId = sessionId;
        }
    }

    /**
     * After replica a (haproxy's replica1) died, the REST caller whose tenant it held is told once, naming it, that
     * its state is gone, then that its session handle was issued there; it opens a new one on b and counts afresh.
     * The other carries on where it was.
     */
    private void restCallersOfTheDeadReplicaHearTheirStateIsGone(LoadBalancer balancer, Map<RestCaller, String> homes)
            throws Exception {
        for (Map.Entry<RestCaller, String> home : homes.entrySet()) {
            RestCaller caller = home.getKey();
            HttpResponse<String> first = restCount(balancer, caller);
            if (home.getValue().equals("replica1")) {
                assertEquals(410, first.statusCode(), first.body());
                assertTrue(first.body().contains("were held by server replica-a-"), first.body());
                HttpResponse<String> handle = restCount(balancer, caller);
                assertEquals(404, handle.statusCode(), handle.body());
                assertTrue(handle.body().contains("was issued by server replica-a-"), handle.body());
                caller.session = "new";
                HttpResponse<String> again = restCount(balancer, caller);
                assertEquals(200, again.statusCode(), again.body());
                assertEquals(1, Integer.parseInt(JSON.readTree(again.body()).path("stdout").asText().strip()));
            } else {
                assertEquals(200, first.statusCode(), first.body());
                assertEquals(6, Integer.parseInt(JSON.readTree(first.body()).path("stdout").asText().strip()));
            }
        }
    }

    /**
     * One counting call of {@code caller}; a session opened with "new" is named by its handle from then on. Sent again
     * once if unanswered, as the MCP clients' calls are: a call of the dead replica's tenant that the balancer is still
     * retrying there when it marks the replica down is cut with the replica's sessions (CI: "header parser received
     * no bytes").
     */
    private HttpResponse<String> restCount(LoadBalancer balancer, RestCaller caller) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(balancer.baseUrl() + "/api/v1/executions"))
                .header("Authorization", "Bearer " + caller.token).header("X-Session-Id", caller.sessionId)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(
                        Map.of("code", COUNT, "session", caller.session))))
                .build();
        HttpResponse<String> response = CountingClient.onceMoreIfUnanswered(
                () -> http.send(request, HttpResponse.BodyHandlers.ofString()));
        if (response.statusCode() == 200 && caller.session.equals("new")) {
            caller.session = JSON.readTree(response.body()).path("session").asText();
        }
        return response;
    }

    private void nothingSavedIsLost(PackagedServer survivor, LoadBalancer balancer, String skill, String shared,
            List<String> tokens) throws Exception {
        for (String url : List.of(survivor.mcpUrl(), balancer.mcpUrl())) {
            McpHttpSession session = McpHttpSession.open(http, url, TOKEN, "replicas-after");
            assertTrue(skillNames(session.call("list_skills", Map.of("query", skill))).contains(skill), url);
            assertEquals("VALUE = 'a'\n", session.call("load_skill", Map.of("name", skill)).path("code").asText());
            assertEquals("written through b", session.call("read_workspace_file", Map.of("path", shared))
                    .path("content").asText());
            for (int i = 0; i < CLIENTS; i++) {
                assertEquals(CountingClient.fileContent(i), McpHttpSession.sessionless(http, url, tokens.get(i))
                        .call("read_workspace_file", Map.of("path", "replicas/" + run + "/client-" + i + ".txt"))
                        .path("content").asText(), url);
            }
        }
        McpHttpSession last = McpHttpSession.open(http, balancer.mcpUrl(), TOKEN, "replicas-cleanup");
        assertNotEquals(0, last.call("delete_skill", Map.of("name", skill)).path("versions_deleted").asInt());
    }

    /** The counts one client prints: 1..n, then 1..m for each later session. */
    static List<Integer> counts(int... perSession) {
        List<Integer> all = new ArrayList<>();
        for (int n : perSession) {
            IntStream.rangeClosed(1, n).forEach(all::add);
        }
        return all;
    }

    static List<String> skillNames(JsonNode page) {
        List<String> names = new ArrayList<>();
        page.path("skills").forEach(s -> names.add(s.path("name").asText()));
        return names;
    }

    /** What one client saw: where its sessions were, what it printed, and the errors that made it start over. */
    record ClientRun(int client, String firstReplica, String lastReplica, List<Integer> printed,
            List<String> errors) {
    }
}
