package dev.codeexec.mcp;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.codeexec.sandbox.SandboxService;
import dev.codeexec.sandbox.worker.SandboxWorkerMain;
import dev.codeexec.stats.StatsService;
import dev.codeexec.tenant.Caller;
import dev.codeexec.tenant.Tenants;
import dev.codeexec.workspace.WorkspaceRoots;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The OS sandbox under worker JVMs, seen from the host: each worker's namespaces are compared with this JVM's (the
 * server's), and commands entered into the worker's namespaces with nsenter try what an escaped guest would. The
 * CI installs bubblewrap; where neither it nor unshare is installed the tests are skipped.
 */
@QuarkusTest
class OsSandboxTest {

    @Inject
    SandboxService sandbox;

    @Inject
    StatsService stats;

    @Inject
    WorkspaceRoots workspaces;

    @org.eclipse.microprofile.config.inject.ConfigProperty(name = "codeexec.data-dir")
    Path dataDir;

    /** Skipped on a machine without the tools; .ci/run installs bubblewrap, so in CI (CI set) a missing tool fails. */
    @BeforeEach
    void aToolIsInstalled() {
        boolean tool = List.of("bwrap", "unshare").stream().anyMatch(t -> Files.isExecutable(Path.of("/usr/bin", t)));
        boolean nsenter = Files.isExecutable(Path.of("/usr/bin/nsenter"));
        if (System.getenv("CI") != null) {
            assertTrue(Files.isExecutable(Path.of("/usr/bin/bwrap")) && nsenter, "CI runs this test with bwrap");
        }
        assumeTrue(tool, "neither bwrap nor unshare is installed");
        assumeTrue(nsenter, "nsenter is needed to look inside a worker");
    }

    @Test
    void statsAndHealthReportTheOsSandbox() {
        assertTrue(List.of("bwrap", "unshare").contains(sandbox.osSandbox()), sandbox.osSandbox());
        assertEquals(sandbox.osSandbox(), stats.snapshot(new Caller(Tenants.LOCAL, "rest").id()).osSandbox());
        given().get("/q/health").then().body("checks.find { it.name == 'sandbox' }.data.os_sandbox",
                equalTo(sandbox.osSandbox()));
    }

    /**
     * Under bwrap the guest finds GraalPy's library, the packages and its workspace at short fixed paths: what it
     * prints (sys.prefix, modules' files, its working directory, every library frame of a traceback) names nothing of
     * the host's layout. The unshare sandbox cannot place them, and shows the host's paths.
     */
    @Test
    void underBwrapTheGuestSeesItsLibraryPackagesAndWorkspaceAtFixedPaths() throws IOException {
        assumeTrue("bwrap".equals(sandbox.osSandbox()), "only bwrap places them");
        McpCalls.Exec r = new McpCalls().exec("""
                import json, os, sys, yaml
                print(sys.prefix, yaml.__file__, os.getcwd(), os.path.expanduser('~'), os.path.abspath('data.csv'))
                json.loads('{x')
                """);
        assertEquals("/graalpy/python/python-home /packages/yaml/__init__.py /workspace /workspace /workspace/data.csv\n",
                r.stdout(), r.stderr());
        assertTrue(r.stderr().contains("\n  File \"/graalpy/python/python-home/lib/python3.12/json/decoder.py\", line "),
                r.stderr());
        String host = workspaces.root(Tenants.LOCAL).path().toString();
        for (String path : List.of(host, dataDir.toRealPath().toString(), Path.of("").toAbsolutePath().toString())) {
            assertFalse(r.stdout().contains(path) || r.stderr().contains(path), path + " reached the guest");
        }
    }

    @Test
    void workersHaveTheirOwnNetworkWithoutReachToTheHostsLoopback() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String connect = "exec 3<>/dev/tcp/127.0.0.1/" + listener.getLocalPort();
            // The same attempt from the host reaches the listener: a failure inside is the namespace's doing.
            assertEquals(0, run("bash", "-c", connect).status(), "the connect probe does not work on the host");
            for (long pid : workers()) {
                assertNotEquals(namespace("self", "net"), namespace(pid, "net"), "worker " + pid + " shares our network");
                Result inside = run("nsenter", "--net=/proc/" + pid + "/ns/net", "--", "bash", "-c", connect);
                assertNotEquals(0, inside.status(), "worker " + pid + " reached the host's loopback: " + inside.output());
            }
        }
    }

    @Test
    void workersHaveTheirOwnProcessListAndNoCapabilities() throws Exception {
        for (long pid : workers()) {
            assertNotEquals(namespace("self", "pid"), namespace(pid, "pid"), "worker " + pid + " shares our PIDs");
            String status = Files.readString(Path.of("/proc/" + pid + "/status"));
            assertTrue(status.contains("CapEff:\t0000000000000000"), "worker " + pid + " holds capabilities");
            assertTrue(status.contains("NoNewPrivs:\t1"), "worker " + pid + " may gain privileges");
        }
    }

    @Test
    void workersCanWriteOnlyTheirTenantsWorkspaceAndTheirOwnTmpAndSeeNoOtherTenantNoDataNoRunSocket()
            throws Exception {
        String name = "os-sandbox-" + UUID.randomUUID();
        // Not under the project, which may itself lie under /tmp (a CI checkout), where the worker's own /tmp is.
        Path outside = Path.of("/var/tmp", name);
        Path inside = workspaces.root(Tenants.LOCAL).path().resolve(name);
        // Another tenant's workspace: the local tenant's workers must not see it at all.
        Path tenantInside = Files.createDirectories(workspaces.root("os-sandbox-tenant").path()).resolve(name);
        Files.writeString(tenantInside, "another tenant's file");
        Path hostTmp = Files.createTempFile("os-sandbox-", ".host");
        Path dataFile = Files.writeString(Files.createDirectories(dataDir).toRealPath().resolve(name), "every tenant's");
        Path runSocket = Path.of("/run", name + ".sock");
        java.nio.channels.ServerSocketChannel unix = null;
        if (Files.isWritable(Path.of("/run"))) {
            unix = java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX);
            unix.bind(java.net.UnixDomainSocketAddress.of(runSocket));
        }
        try {
            // The worker recording the ahead-of-time cache, when one runs, writes only its own scratch directory.
            for (long pid : workers().stream().filter(pid -> !commandLine(pid).contains(
                    SandboxWorkerMain.AOT_TRAINING_PROPERTY)).toList()) {
                String mnt = "--mount=/proc/" + pid + "/ns/mnt";
                // bwrap binds the workspace at /workspace, unshare where it is.
                Path insideThere = "bwrap".equals(sandbox.osSandbox()) ? Path.of("/workspace", name) : inside;
                Result workspaceWrite = run("nsenter", mnt, "--", "touch", insideThere.toString());
                assertEquals(0, workspaceWrite.status(), "the workspace is not writable: " + workspaceWrite.output());
                assertTrue(Files.exists(inside), "worker " + pid + " wrote a workspace that is not its tenant's");
                Files.delete(inside);
                assertNotEquals(0, run("nsenter", mnt, "--", "test", "-e", tenantInside.toString()).status(),
                        "worker " + pid + " sees another tenant's workspace");
                assertNotEquals(0, run("nsenter", mnt, "--", "test", "-e", dataFile.toString()).status(),
                        "worker " + pid + " sees the data directory");
                if (unix != null) {
                    assertNotEquals(0, run("nsenter", mnt, "--", "test", "-e", runSocket.toString()).status(),
                            "worker " + pid + " sees a socket under the host's /run");
                }
                Result hostWrite = run("nsenter", mnt, "--", "touch", outside.toString());
                assertNotEquals(0, hostWrite.status(), "worker " + pid + " wrote outside the workspace");
                assertFalse(Files.exists(outside));
                assertNotEquals(0, run("nsenter", mnt, "--", "test", "-e", hostTmp.toString()).status(),
                        "worker " + pid + " sees the host's /tmp");
                assertEquals(0, run("nsenter", mnt, "--", "touch", "/tmp/" + name).status(), "no writable /tmp");
            }
        } finally {
            Files.deleteIfExists(inside);
            Files.deleteIfExists(tenantInside);
            Files.deleteIfExists(dataFile);
            if (unix != null) {
                unix.close();
                Files.deleteIfExists(runSocket);
            }
            Files.deleteIfExists(outside);
            Files.deleteIfExists(hostTmp);
        }
    }

    /**
     * This server's live worker JVMs (not the sandbox tool around each), after one execution made sure there is one:
     * those reading GraalPy's resources from its data directory (named in the worker's command, or in bwrap's around
     * it, which binds them at a fixed path). Plain test classes running beside this one start workers of their own, on
     * workspaces of their own, which the checks here must not enter.
     */
    private List<Long> workers() throws IOException {
        assertEquals("ok\n", new McpCalls().exec("print('ok')").stdout());
        String resources = dataDir.toRealPath() + "/";
        List<Long> pids = new ArrayList<>();
        ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().command().orElse("").endsWith("/java"))
                .filter(p -> {
                    String line = commandLine(p.pid());
                    return line.contains("SandboxWorkerMain") && Stream.iterate(Optional.of(p),
                            Optional::isPresent, h -> h.flatMap(ProcessHandle::parent)).limit(3)
                            .anyMatch(h -> commandLine(h.get().pid()).contains(resources));
                })
                .forEach(p -> pids.add(p.pid()));
        assertFalse(pids.isEmpty(), "no worker process found");
        return pids;
    }

    /** Read directly: ProcessHandle.Info gives no arguments for a command line as long as a worker's. */
    private static String commandLine(long pid) {
        try {
            return Files.readString(Path.of("/proc/" + pid + "/cmdline"), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return "";
        }
    }

    private static String namespace(Object pid, String kind) throws IOException {
        return Files.readSymbolicLink(Path.of("/proc/" + pid + "/ns/" + kind)).toString();
    }

    private record Result(int status, String output) {
    }

    private static Result run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(process.waitFor(), output);
    }
}
