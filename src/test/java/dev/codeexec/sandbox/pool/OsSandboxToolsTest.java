package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each OS sandbox tool on its own, with a shell in place of a worker: bwrap as the server prefers it, and the unshare
 * script the server falls back to (which OsSandboxTest only meets where bwrap is missing). Directories under the
 * host's /tmp must survive the private /tmp: a writable one stays writable, a readable one visible and read-only.
 * What a worker must not reach is out of sight under both: a UNIX socket under /run, the data directory, and another
 * tenant's workspace beside its own (each mutation-checked: dropping the /run tmpfs, the hidden list or, for bwrap,
 * binding the whole host again turns the matching word into "seen"). What it reads from the data directory (the
 * workers' cache, GraalPy's files) stays readable, and its own workspace writable although every workspace is hidden
 * from the others (mutation-checked, unshare: without the cache binding the words turn into "missing"; with its own
 * workspace hidden too, the script fails). Under bwrap the seccomp filter refuses AF_UNIX
 * and AF_INET6 sockets (mutation-checked: without --seccomp both are made) but not a socket pair, which the JDK's
 * NIO needs to start (mutation-checked: filtering socketpair again turns "pair-made" into "pair-refused").
 */
class OsSandboxToolsTest {

    /** Prints one word per check, in order; the expected line is below. */
    private static final String CHECKS = """
            w() { if touch "$1" 2>/dev/null; then echo writable; else echo read-only; fi; }
            readlink /proc/self/ns/net
            w "$1/inside"; w "$2/outside"; w "$3/tmp-read"; w "$4/tmp-write"; w /tmp/private
            if test -e "$5"; then echo host-tmp-seen; else echo host-tmp-hidden; fi
            if test -r "$3/kept"; then echo tmp-read-visible; else echo tmp-read-missing; fi
            if (exec 3<>/dev/tcp/127.0.0.1/$6) 2>/dev/null; then echo connected; else echo unreachable; fi
            grep -c '^CapEff:.0000000000000000$' /proc/self/status
            if test -e "$7"; then echo run-socket-seen; else echo run-socket-hidden; fi
            if test -e "$8/codeexec.mv.db"; then echo data-seen; else echo data-hidden; fi
            if test -e "$2/other-tenant-file"; then echo other-tenant-seen; else echo other-tenant-hidden; fi
            if echo x > /dev/null; then echo dev-null; fi
            if test -r "$8/worker.aot"; then echo cache-file-read; else echo cache-file-missing; fi
            if test -r "$8/resources/lib.py"; then echo resources-read; else echo resources-missing; fi
            w "$8/resources/new"
            for family in AF_UNIX AF_INET6; do
              if python3 -c "import socket; socket.socket(socket.$family)" 2>/dev/null; then echo made; else echo refused; fi
            done
            if python3 -c "import socket; socket.socketpair()" 2>/dev/null; then echo pair-made; else echo pair-refused; fi
            """;
    private static final String EXPECTED = "writable read-only read-only writable writable host-tmp-hidden "
            + "tmp-read-visible unreachable 1 run-socket-hidden data-hidden other-tenant-hidden dev-null "
            + "cache-file-read resources-read read-only";
    /** Under bwrap the seccomp filter refuses both sockets; unshare has no filter (THREAT_MODEL T2b). */
    private static final String BWRAP_SOCKETS = " refused refused pair-made";
    private static final String UNSHARE_SOCKETS = " made made pair-made";

    @ParameterizedTest
    @EnumSource(value = OsSandbox.Kind.class, names = {"BWRAP", "UNSHARE"})
    void confinesAShell(OsSandbox.Kind kind) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/bwrap")) || kind != OsSandbox.Kind.BWRAP, "bwrap missing");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/unshare")) && Files.isExecutable(Path.of("/usr/bin/setpriv"))
                || kind != OsSandbox.Kind.UNSHARE, "unshare or setpriv missing");
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash runs the checks");
        boolean root = Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        OsSandbox sandbox = kind == OsSandbox.Kind.BWRAP ? OsSandbox.bwrap(Path.of("/usr/bin/bwrap"), Path.of("target/os-sandbox-tools/filter"))
                : new OsSandbox(kind, Path.of("/usr/bin/unshare"), Optional.of(Path.of("/usr/bin/setpriv")), !root,
                        Optional.empty());
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "python3 tries the sockets");

        Path tenants = Files.createDirectories(Path.of("target/os-sandbox-tools/tenants-" + kind).toAbsolutePath())
                .toRealPath();
        Path writable = Files.createDirectories(tenants.resolve("own"));
        Path outside = Files.createDirectories(tenants.resolve("other"));
        Files.writeString(outside.resolve("other-tenant-file"), "another tenant's");
        Path data = Files.createDirectories(Path.of("target/os-sandbox-tools/data-" + kind).toAbsolutePath()).toRealPath();
        Files.writeString(data.resolve("codeexec.mv.db"), "every tenant's skills");
        // What workers read from the data directory by default: the workers' cache and GraalPy's files.
        Path cacheFile = Files.writeString(data.resolve("worker.aot"), "the workers' cache");
        Path resources = Files.createDirectories(data.resolve("resources"));
        Files.writeString(resources.resolve("lib.py"), "GraalPy's standard library");
        Path runSocket = Path.of("/run/codeexec-os-sandbox-test-" + ProcessHandle.current().pid() + ".sock");
        assumeTrue(Files.isWritable(Path.of("/run")), "a socket under /run needs a writable /run (CI runs as root)");
        Path tmpRead = Files.createTempDirectory("os-sandbox-read-");
        Files.writeString(tmpRead.resolve("kept"), "x");
        Path tmpWrite = Files.createTempDirectory("os-sandbox-write-");
        Path hostTmp = Files.createTempFile("os-sandbox-host-", ".tmp");
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                java.nio.channels.ServerSocketChannel unix = java.nio.channels.ServerSocketChannel
                        .open(java.net.StandardProtocolFamily.UNIX)) {
            unix.bind(java.net.UnixDomainSocketAddress.of(runSocket));
            List<String> shell = new ArrayList<>(List.of("/bin/bash", "-c", CHECKS, "checks", writable.toString(),
                    outside.toString(), tmpRead.toString(), tmpWrite.toString(), hostTmp.toString(),
                    Integer.toString(listener.getLocalPort()), runSocket.toString(), data.toString()));
            // As the server hides them from workers: the data directory and every workspace, the worker's own among
            // them (the default tenant's workspace is its worker's writable directory and hidden from every other).
            OsSandbox.Confinement confinement = new OsSandbox.Confinement(List.of(writable, tmpWrite),
                    List.of(tmpRead, cacheFile, resources), List.of(data, tenants, writable));
            Process process = new ProcessBuilder(sandbox.wrap(confinement, shell)).redirectErrorStream(true).start();
            String[] lines = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim().split("\n");
            assertEquals(0, process.waitFor(), String.join("\n", lines));
            String own = Files.readSymbolicLink(Path.of("/proc/self/ns/net")).toString();
            assertNotEquals(own, lines[0], "the shell ran in our network namespace");
            assertEquals(EXPECTED + (kind == OsSandbox.Kind.BWRAP ? BWRAP_SOCKETS : UNSHARE_SOCKETS),
                    String.join(" ", List.of(lines).subList(1, lines.length)));
            assertFalse(Files.exists(outside.resolve("outside")));
            assertTrue(Files.exists(tmpWrite.resolve("tmp-write")), "the write inside did not reach the host directory");
        } finally {
            for (Path p : List.of(tmpRead.resolve("kept"), tmpRead.resolve("tmp-read"), tmpRead, tmpWrite.resolve("tmp-write"), tmpWrite, hostTmp,
                    writable.resolve("inside"), outside.resolve("outside"), runSocket)) {
                Files.deleteIfExists(p);
            }
        }
    }
}
