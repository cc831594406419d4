package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Guest code trying to get out of the sandbox, in the default (worker process) isolation. Every
 * attempt must fail inside Python, and the server must still answer afterwards.
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

    private McpCalls.Exec denied(String code) {
        McpCalls.Exec r = mcp.exec(code, 20);
        assertEquals(1, r.exitCode(), "expected failure for: " + code + "\nstdout: " + r.stdout() + "\nstderr: " + r.stderr());
        assertFalse(r.timedOut());
        return r;
    }

    @Test
    void cannotReadEtcPasswd() {
        McpCalls.Exec r = denied("print(open('/etc/passwd').read())");
        assertTrue(r.stderr().contains("PermissionError"), r.stderr());
        assertFalse(r.stdout().contains("root:"));
    }

    @Test
    void cannotTraverseOutWithDotDot() {
        assertTrue(denied("print(open('../../pom.xml').read())").stderr().contains("PermissionError"));
        assertTrue(denied("import os; print(os.listdir('..'))").stderr().contains("PermissionError"));
        assertTrue(denied("import os; os.chdir('/tmp')").stderr().contains("Error"));
    }

    @Test
    void cannotUseAbsolutePathsOutsideTheWorkspace() {
        denied("import os; print(os.listdir('/'))");
        String target = "/tmp/codeexec-escape-" + UUID.randomUUID();
        denied("open('" + target + "', 'w').write('x')");
        assertFalse(Files.exists(Path.of(target)), "a file was created outside the workspace");
        denied("import pathlib; print(list(pathlib.Path('/').iterdir()))");
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
            assertFalse(denied("print(open('" + fileLink.getFileName() + "').read())").stdout().contains("root:"));
            denied("print(open('" + dirLink.getFileName() + "/passwd').read())");
            denied("import os; print(os.listdir('" + dirLink.getFileName() + "'))");
            denied("open('" + dangling.getFileName() + "', 'w').write('escaped')");
            assertFalse(Files.exists(outside), "a write through a dangling symlink escaped the workspace");
        } finally {
            Files.deleteIfExists(dirLink);
            Files.deleteIfExists(fileLink);
            Files.deleteIfExists(dangling);
        }
    }

    @Test
    void cannotCreateLinks() {
        assertTrue(denied("import os; os.symlink('/etc/passwd', 'mine')").stderr().contains("PermissionError"));
        denied("import os; open('a.txt', 'w').close(); os.link('a.txt', 'b.txt')");
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
        denied("import os\nos.replace('" + name + "', '" + target + "')");
        assertFalse(Files.exists(Path.of(target)), "a file was moved out of the workspace");
    }

    @Test
    void noNetwork() {
        assertTrue(denied("import socket; socket.socket(socket.AF_INET, socket.SOCK_STREAM)").stderr()
                .contains("Error"));
        denied("import socket; print(socket.gethostbyname('localhost'))");
        denied("import socket; print(socket.getaddrinfo('example.com', 80))");
        denied("import urllib.request; print(urllib.request.urlopen('http://127.0.0.1:8081/').read())");
    }

    @Test
    void noProcesses() {
        assertTrue(denied("import subprocess; subprocess.run(['id'])").stderr().contains("Error"));
        denied("import os; os.system('id')");
        denied("import os; print(os.popen('id').read())");
        denied("import os; os.execv('/bin/sh', ['sh', '-c', 'id'])");
        denied("import os; os.fork()");
    }

    @Test
    void noNativeCode() {
        denied("import ctypes; ctypes.CDLL(None)");
    }

    @Test
    void noJavaHostAccess() {
        denied("import java; print(java.type('java.lang.System').getenv())");
        denied("import java; java.type('java.lang.Runtime').getRuntime().exec('id')");
        denied("__import__('java').type('java.io.File')");
    }

    @Test
    void noPolyglotAccess() {
        denied("import polyglot; print(polyglot.eval(language='js', string='1+1'))");
        denied("import polyglot; print(polyglot.eval(language='python', string='1+1'))");
        denied("import polyglot; polyglot.export_value('x', 1)");
    }

    @Test
    void hostEnvironmentIsInvisible() {
        String probe = """
                import os
                found = []
                if any('%1$s' in v for v in os.environ.values()): found.append('os.environ')
                if os.getenv('CODEEXEC_TEST_SECRET'): found.append('getenv')
                for p in ('/proc/self/environ', '/proc/1/environ', '/proc/self/cmdline'):
                    try:
                        if '%1$s' in open(p, 'rb').read().decode('latin-1'): found.append(p)
                    except OSError:
                        pass
                print('found:', found)
                """.formatted(SECRET);
        McpCalls.Exec r = mcp.exec(probe);
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals("found: []\n", r.stdout());
        assertNotEquals(null, System.getenv("CODEEXEC_TEST_SECRET"), "surefire must set the secret for this test");
    }

    @Test
    void busyLoopThatCatchesEverythingStillStops() {
        McpCalls.Exec r = mcp.exec("while True:\n    try:\n        pass\n    except BaseException:\n        pass", 1);
        assertTrue(r.timedOut());
        assertNotEquals(0, r.exitCode());
    }

    @Test
    void deepRecursionIsARecursionError() {
        McpCalls.Exec r = denied("import sys\nsys.setrecursionlimit(10**6)\ndef f(n):\n    return f(n + 1)\nf(0)");
        assertTrue(r.stderr().contains("RecursionError") || r.stderr().contains("MemoryError"), r.stderr());
    }

    @Test
    void outputFloodIsCutAndDrained() {
        McpCalls.Exec r = mcp.exec("while True:\n    print('flood' * 1000)", 2);
        assertTrue(r.timedOut());
        assertTrue(r.truncated());
        assertTrue(r.stdout().length() <= (1 << 20) + 200, "kept " + r.stdout().length());
    }

    @Test
    void pathsDeeperThanTheLimitAreRefusedAndTheRootKeepsItsPermissions() {
        String top = "deep-" + UUID.randomUUID();
        // workspace.max-depth defaults to 32: the 33rd level is refused however it is made.
        McpCalls.Exec dirs = denied("import os\nos.makedirs('" + top + "/' + '/'.join(['d'] * 31))\n"
                + "os.mkdir('" + top + "/' + '/'.join(['d'] * 32))");
        assertTrue(dirs.stderr().contains("workspace.max-depth=32"), dirs.stderr());
        McpCalls.Exec file = denied("open('" + top + "/' + '/'.join(['d'] * 32) + '.txt', 'w')");
        assertTrue(file.stderr().contains("workspace.max-depth=32"), file.stderr());
        McpCalls.Exec moved = denied("import os\nos.makedirs('" + top + "-b/x/y')\n"
                + "os.rename('" + top + "-b', '" + top + "/' + '/'.join(['d'] * 30) + '/b')");
        assertTrue(moved.stderr().contains("workspace.max-depth=32"), moved.stderr());
        McpCalls.Exec root = denied("import os\nos.chmod('.', 0o700)");
        assertTrue(root.stderr().contains("PermissionError"), root.stderr());
        assertEquals("", mcp.exec("import shutil\nshutil.rmtree('" + top + "')\nshutil.rmtree('" + top + "-b')").stderr());
    }
}
