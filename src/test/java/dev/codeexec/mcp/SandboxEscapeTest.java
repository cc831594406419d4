package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Guest code trying to get out of the sandbox, in the default (worker process) isolation. Every
 * attempt must fail inside Python with the refusal that stops it (not any error: a typo or a missing
 * module would fail too), nothing may change outside, and the server must still answer afterwards.
 */
@QuarkusTest
class SandboxEscapeTest {

    /** Set on the test JVM by surefire; the sandbox must never reveal it. */
    static final String SECRET = "s3cr3t-value-that-must-not-leak";
    static final Path WORKSPACE = Path.of("target/test-workspace");

    McpCalls mcp;

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    @AfterEach
    void serverStillAnswers() {
        McpCalls.Exec r = mcp.exec("print(6 * 7)");
        assertEquals("42\n", r.stdout(), "the server must keep answering after an escape attempt");
    }

    /** Runs {@code code} and asserts it failed with {@code refusal} (the exception and its message, as printed). */
    private McpCalls.Exec refused(String code, String refusal) {
        McpCalls.Exec r = mcp.exec(code, 20);
        assertEquals(1, r.exitCode(), "expected failure for: " + code + "\nstdout: " + r.stdout() + "\nstderr: " + r.stderr());
        assertFalse(r.timedOut());
        assertTrue(r.stderr().contains(refusal), "expected " + refusal + " for: " + code + "\nstderr: " + r.stderr());
        return r;
    }

    /** The file system's refusal of {@code path}: the same for a path outside the workspace and a link out of it. */
    private static String notPermitted(String path) {
        return "PermissionError: [Errno 1] Operation not permitted: '" + path + "'";
    }

    /** The host's refusal of an operation the sandbox does not offer (name lookups). */
    static final String HOST_REFUSAL = "PermissionError: [Errno 1] operation not permitted in the sandbox";

    @Test
    void cannotReadEtcPasswd() {
        McpCalls.Exec r = refused("print(open('/etc/passwd').read())", notPermitted("/etc/passwd"));
        assertFalse(r.stdout().contains("root:"));
    }

    @Test
    void cannotTraverseOutWithDotDot() {
        refused("print(open('../../pom.xml').read())", notPermitted("../../pom.xml"));
        refused("import os; print(os.listdir('..'))", notPermitted(".."));
        refused("import os; os.chdir('/tmp')", notPermitted("/tmp"));
    }

    @Test
    void cannotUseAbsolutePathsOutsideTheWorkspace() {
        refused("import os; print(os.listdir('/'))", notPermitted("/"));
        String target = "/tmp/codeexec-escape-" + UUID.randomUUID();
        refused("open('" + target + "', 'w').write('x')", notPermitted(target));
        assertFalse(Files.exists(Path.of(target)), "a file was created outside the workspace");
        refused("import pathlib; print(list(pathlib.Path('/').iterdir()))", notPermitted("/"));
    }

    @Test
    void theNullDeviceDropsWritesAndReadsEmptyAndIsTheOnlyDevice() throws IOException {
        // Twice the test profile's file size limit: what goes to /dev/null is no file of the workspace.
        McpCalls.Exec r = mcp.exec("""
                import contextlib, os
                with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
                    print("x" * 2097152)
                fd = os.open(os.devnull, os.O_WRONLY)
                print(os.write(fd, b"abc"), os.lseek(fd, 0, os.SEEK_CUR))
                os.close(fd)
                with open(os.devnull, "rb") as source:
                    print(source.read(), oct(os.stat(os.devnull).st_mode))
                """, 20);
        assertEquals("3 0\nb'' 0o20666\n", r.stdout(), r.stderr());
        refused("open('/dev/zero', 'rb').read(8)", notPermitted("/dev/zero"));
        refused("open('/dev/urandom', 'rb').read(8)", notPermitted("/dev/urandom"));
        refused("open('/dev/stdout', 'w').write('x')", notPermitted("/dev/stdout"));
        refused("import os; os.remove(os.devnull)", "PermissionError: [Errno 13] Permission denied: '/dev/null'");
        refused("import os; print(os.listdir('/dev'))", notPermitted("/dev"));
    }

    @Test
    void symlinkPointingOutOfTheWorkspaceIsNotFollowed() throws IOException {
        Path dirLink = WORKSPACE.resolve("link-to-etc-" + UUID.randomUUID());
        Path fileLink = WORKSPACE.resolve("link-to-passwd-" + UUID.randomUUID());
        Path outside = Path.of("/tmp/codeexec-dangling-" + UUID.randomUUID());
        Path dangling = WORKSPACE.resolve("dangling-" + UUID.randomUUID());
        Files.createDirectories(WORKSPACE);
        Files.createSymbolicLink(dirLink, Path.of("/etc"));
        Files.createSymbolicLink(fileLink, Path.of("/etc/passwd"));
        Files.createSymbolicLink(dangling, outside);
        try {
            assertFalse(refused("print(open('" + fileLink.getFileName() + "').read())",
                    notPermitted(fileLink.getFileName().toString())).stdout().contains("root:"));
            refused("print(open('" + dirLink.getFileName() + "/passwd').read())",
                    notPermitted(dirLink.getFileName() + "/passwd"));
            refused("import os; print(os.listdir('" + dirLink.getFileName() + "'))",
                    notPermitted(dirLink.getFileName().toString()));
            refused("open('" + dangling.getFileName() + "', 'w').write('escaped')",
                    notPermitted(dangling.getFileName().toString()));
            assertFalse(Files.exists(outside), "a write through a dangling symlink escaped the workspace");
        } finally {
            Files.deleteIfExists(dirLink);
            Files.deleteIfExists(fileLink);
            Files.deleteIfExists(dangling);
        }
    }

    @Test
    void cannotCreateLinks() throws IOException {
        String mine = "mine-" + UUID.randomUUID();
        refused("import os; os.symlink('/etc/passwd', '" + mine + "')",
                "PermissionError: [Errno 1] Operation not permitted: '/etc/passwd' -> '" + mine + "'");
        assertFalse(Files.exists(WORKSPACE.resolve(mine), java.nio.file.LinkOption.NOFOLLOW_LINKS), "a symlink appeared");
        // A real file to a new name: a hard link would share the file's data beyond the workspace's checks.
        Path existing = Files.writeString(Files.createDirectories(WORKSPACE).resolve("linked-" + UUID.randomUUID()), "data");
        String copy = "link-" + UUID.randomUUID();
        try {
            refused("import os; os.link('" + existing.getFileName() + "', '" + copy + "')",
                    "PermissionError: [Errno 1] Operation not permitted: '" + existing.getFileName() + "' -> '" + copy + "'");
            assertFalse(Files.exists(WORKSPACE.resolve(copy), java.nio.file.LinkOption.NOFOLLOW_LINKS), "a link appeared");
            refused("import os; os.link('/etc/passwd', '" + copy + "')",
                    "PermissionError: [Errno 1] Operation not permitted: '/etc/passwd' -> '" + copy + "'");
            assertFalse(Files.exists(WORKSPACE.resolve(copy), java.nio.file.LinkOption.NOFOLLOW_LINKS), "a link appeared");
        } finally {
            Files.deleteIfExists(existing);
            Files.deleteIfExists(WORKSPACE.resolve(copy));
        }
    }

    @Test
    void workspaceFilesAreReadWriteAndPersist() {
        String name = "persist-" + UUID.randomUUID() + ".txt";
        assertEquals(0, mcp.exec("import os\nos.makedirs('sub', exist_ok=True)\n"
                + "open('sub/" + name + "', 'w').write('kept')").exitCode());
        McpCalls.Exec r = mcp.exec("import os\nprint(open(os.path.join(os.getcwd(), 'sub', '" + name + "')).read())");
        assertEquals("kept\n", r.stdout());
        assertTrue(Files.exists(WORKSPACE.resolve("sub").resolve(name)));
    }

    @Test
    void atomicReplaceWorksInsideButCannotMoveFilesOut() {
        String name = "replace-" + UUID.randomUUID();
        McpCalls.Exec ok = mcp.exec("import os\nopen('" + name + ".tmp', 'w').write('v2')\n"
                + "os.replace('" + name + ".tmp', '" + name + "')\nprint(open('" + name + "').read())");
        assertEquals("v2\n", ok.stdout(), ok.stderr());
        String target = "/tmp/codeexec-moved-" + UUID.randomUUID();
        refused("import os\nos.replace('" + name + "', '" + target + "')",
                "PermissionError: [Errno 1] Operation not permitted: '" + name + "' -> '" + target + "'");
        assertFalse(Files.exists(Path.of(target)), "a file was moved out of the workspace");
    }

    @Test
    void noNetwork() throws IOException {
        refused("import socket; socket.socket(socket.AF_INET, socket.SOCK_STREAM)",
                "OSError: [Errno 97] network access is not available in the sandbox");
        refused("import socket; print(socket.gethostbyname('localhost'))", HOST_REFUSAL);
        refused("import socket; print(socket.getaddrinfo('example.com', 80))", HOST_REFUSAL);
    }

    @Test
    void cannotReachAListenerOnTheHost() throws IOException {
        try (ServerSocketChannel listener = ServerSocketChannel.open()) {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int port = ((InetSocketAddress) listener.getLocalAddress()).getPort();
            refused("import urllib.request; print(urllib.request.urlopen('http://127.0.0.1:" + port + "/', timeout=5).read())",
                    HOST_REFUSAL);
            refused("import socket; socket.create_connection(('127.0.0.1', " + port + "), timeout=5).sendall(b'x')",
                    HOST_REFUSAL);
            // A connection the guest made would be waiting here already: the kernel completes it before connect returns.
            listener.configureBlocking(false);
            assertEquals(null, listener.accept(), "the guest reached the listener");
        }
    }

    @Test
    void noProcesses() throws IOException {
        // An executable the guest can see, so what stops it is process creation, not the file system.
        String marker = "ran-" + UUID.randomUUID();
        Path script = Files.createDirectories(WORKSPACE).resolve("script-" + UUID.randomUUID() + ".sh");
        Files.writeString(script, "#!/bin/sh\ntouch '" + WORKSPACE.toAbsolutePath().resolve(marker) + "'\n");
        script.toFile().setExecutable(true);
        try {
            refused("import subprocess; subprocess.run(['./" + script.getFileName() + "'])",
                    "PermissionError: [Errno 1] creating processes is not allowed in the sandbox");
            refused("import os; os.system('./" + script.getFileName() + "')",
                    "PermissionError: [Errno 1] creating processes is not allowed in the sandbox");
            refused("import os; os.execv('./" + script.getFileName() + "', ['x'])",
                    "PermissionError: [Errno 1] creating processes is not allowed in the sandbox");
            assertFalse(Files.exists(WORKSPACE.resolve(marker)), "the guest started a process");
        } finally {
            Files.deleteIfExists(script);
            Files.deleteIfExists(WORKSPACE.resolve(marker));
        }
        refused("import os; print(os.popen('id').read())",
                "PermissionError: [Errno 1] creating processes is not allowed in the sandbox");
        // fork does not exist in the sandbox.
        refused("import os; os.fork()", "AttributeError: module 'os' has no attribute 'fork'");
    }

    @Test
    void noNativeCode() {
        refused("import ctypes; ctypes.CDLL(None)",
                "ImportError: ctypes is not available in the sandbox: its module _ctypes is native code");
    }

    @Test
    void noJavaHostAccess() {
        refused("import java; print(java.type('java.lang.System').getenv())",
                "KeyError: 'host symbol java.lang.System is not defined or access has been denied'");
        refused("import java; java.type('java.lang.Runtime').getRuntime().exec('id')",
                "KeyError: 'host symbol java.lang.Runtime is not defined or access has been denied'");
        refused("__import__('java').type('java.io.File')",
                "KeyError: 'host symbol java.io.File is not defined or access has been denied'");
    }

    @Test
    void noPolyglotAccess() {
        refused("import polyglot; print(polyglot.eval(language='js', string='1+1'))",
                "RuntimeError: polyglot access is not allowed");
        refused("import polyglot; print(polyglot.eval(language='python', string='1+1'))",
                "RuntimeError: polyglot access is not allowed");
        refused("import polyglot; polyglot.export_value('x', 1)", "NotImplementedError: polyglot access is not allowed");
    }

    /**
     * No variable of the server's environment, nor of a worker's ({@code LC_ALL}), is visible to the guest: in
     * process isolation the worker has no secret to show, so only the worker's own variable shows whether the
     * guest can read its environment at all. {@code HardIsolationTest} checks what the workers' environment holds.
     */
    @Test
    void hostEnvironmentIsInvisible() {
        assertEquals(SECRET, System.getenv("CODEEXEC_TEST_SECRET"), "surefire must set the secret for this test");
        // Two controls, each checked on its own: the guest's environment is the sandbox's own, a login shell's
        // names with its values (EnvironmentAccess.NONE, and the worker's own is LC_ALL only), and /proc is outside
        // the workspace, so its environ files are refused before anything is read. The refusal is asserted, not
        // swallowed: a /proc that opened would be reported with whether the secret was in it (HardIsolationTest
        // reads the workers' /proc/<pid>/environ from the host).
        String probe = """
                import os
                home = os.getcwd()
                print(' '.join(f'{k}={v}'.replace(home, '~') for k, v in sorted(os.environ.items())))
                for p in ('/proc/self/environ', '/proc/1/environ', '/proc/self/cmdline'):
                    try:
                        print(p, 'read', '%1$s' in open(p, 'rb').read().decode('latin-1'))
                    except OSError as e:
                        print(p, f'{type(e).__name__}: {e}')
                """.formatted(SECRET);
        McpCalls.Exec r = mcp.exec(probe);
        assertEquals(0, r.exitCode(), r.stderr());
        String[] lines = r.stdout().split("\n");
        assertEquals("HOME=~ LANG=C.UTF-8 LOGNAME=sandbox PATH=/usr/local/bin:/usr/bin:/bin PWD=~ SHELL=/bin/sh "
                + "USER=sandbox", lines[0], "host or worker variables visible to the guest");
        assertEquals(Stream.of("/proc/self/environ", "/proc/1/environ", "/proc/self/cmdline")
                .map(p -> p + " " + notPermitted(p)).toList(), List.of(lines).subList(1, lines.length));
    }

    @Test
    void busyLoopThatCatchesEverythingStillStops() {
        McpCalls.Exec r = mcp.exec("while True:\n    try:\n        pass\n    except BaseException:\n        pass", 1);
        assertTrue(r.timedOut());
        assertNotEquals(0, r.exitCode());
    }

    @Test
    void deepRecursionIsARecursionError() {
        McpCalls.Exec r = mcp.exec("import sys\nsys.setrecursionlimit(10**6)\ndef f(n):\n    return f(n + 1)\nf(0)", 60);
        assertEquals(1, r.exitCode(), r.stderr());
        assertTrue(r.stderr().contains("RecursionError: maximum recursion depth exceeded\nThe sandbox's interpreter "
                + "stack holds about 18,000 nested Python calls")
                || r.stderr().contains("MemoryError: the sandbox ran out of memory or stack"), r.stderr());
    }

    @Test
    void outputFloodIsCutAndDrained() {
        McpCalls.Exec r = mcp.exec("while True:\n    print('flood' * 1000)", 1);
        assertTrue(r.timedOut());
        assertTrue(r.truncated());
        assertTrue(r.stdout().length() <= 16384, "inline " + r.stdout().length());
    }

    @Test
    void pathsDeeperThanTheLimitAreRefusedAndTheRootKeepsItsPermissions() {
        String top = "deep-" + UUID.randomUUID();
        // workspace.max-depth defaults to 32: the 33rd level is refused however it is made.
        String tooDeep = "levels deep, over workspace.max-depth=32";
        refused("import os\nos.makedirs('" + top + "/' + '/'.join(['d'] * 31))\n"
                + "os.mkdir('" + top + "/' + '/'.join(['d'] * 32))", tooDeep);
        refused("open('" + top + "/' + '/'.join(['d'] * 32) + '.txt', 'w')", tooDeep);
        refused("import os\nos.makedirs('" + top + "-b/x/y')\n"
                + "os.rename('" + top + "-b', '" + top + "/' + '/'.join(['d'] * 30) + '/b')", tooDeep);
        refused("import os\nos.chmod('.', 0o700)", "PermissionError");
        assertEquals("", mcp.exec("import shutil\nshutil.rmtree('" + top + "')\nshutil.rmtree('" + top + "-b')").stderr());
    }
}
