package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Guest code (in worker processes) and the file tools trying to get past the workspace quotas of
 * {@link SmallWorkspaceQuotas}: many handles at once, handles held across executions on different workers,
 * permission tricks, directories, and the two writers sharing one account.
 */
@QuarkusTest
@TestProfile(SmallWorkspaceQuotas.class)
class WorkspaceQuotaAttackTest {

    static final Path WORKSPACE = Path.of("target/small-quota-workspace");
    static final String TOTAL = "workspace.max-total-bytes=" + SmallWorkspaceQuotas.MAX_TOTAL_BYTES;

    McpCalls mcp;
    String dir;

    @BeforeEach
    void connect() {
        SandboxWarm.awaitReady();
        mcp = new McpCalls();
        dir = "quota-" + UUID.randomUUID();
        assertEquals("", run("import os; os.mkdir('" + dir + "')").stderr());
    }

    @AfterEach
    void cleanUp() {
        McpCalls.Exec r = run("import shutil; shutil.rmtree('" + dir + "')");
        assertEquals("", r.stderr(), "clean-up failed");
    }

    private McpCalls.Exec run(String code) {
        return mcp.exec(Map.of("code", code, "timeout_s", 60));
    }

    private McpCalls.Exec inSession(McpCalls calls, String session, String code) {
        return calls.exec(Map.of("code", code, "session", session, "timeout_s", 60));
    }

    /** Bytes of all files under the test's directory, as the disk has them. */
    private long bytesOnDisk() throws IOException {
        try (Stream<Path> files = Files.walk(WORKSPACE.resolve(dir))) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    /** The server's account of the workspace, asked right after a run, is what its files hold on disk. */
    private void assertAccountIsTheDisksBytes() throws IOException {
        JsonObject stats = JsonObject.mapFrom(mcp.call("get_execution_stats", Map.of()).structuredContent());
        long onDisk;
        try (Stream<Path> files = Files.walk(WORKSPACE)) {
            onDisk = files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
        assertEquals(onDisk, stats.getJsonObject("workspace").getLong("bytes"), "the account beside the disk's bytes");
    }

    /** Guest code that writes {@code chunks} of 64 KiB round-robin into handles {@code h}, printing what failed. */
    private static String writeRoundRobin(int chunks) {
        return """
                refused = []
                for i in range(%d):
                    f = h[i %% len(h)]
                    try:
                        f.write(b'x' * 65536)
                        f.flush()
                    except OSError as e:
                        refused.append(str(e))
                print(len(refused))
                print(refused[0] if refused else '')
                """.formatted(chunks);
    }

    @Test
    void manyHandlesOpenAtOnceCannotPassTheTotal() throws IOException {
        // 32 handles each writing 256 KiB: 8 MiB asked for, 4 MiB allowed.
        McpCalls.Exec r = run("h = [open('" + dir + "/f%d' % i, 'wb') for i in range(32)]\n" + writeRoundRobin(128)
                + "for f in h:\n    f.close()\n");
        assertEquals("", r.stderr());
        String[] lines = r.stdout().split("\n");
        assertTrue(Integer.parseInt(lines[0]) > 0, "no write was refused: " + r.stdout());
        assertTrue(lines[1].contains("Disk quota exceeded") && lines[1].contains(TOTAL), lines[1]);
        assertTrue(bytesOnDisk() <= SmallWorkspaceQuotas.MAX_TOTAL_BYTES, "on disk: " + bytesOnDisk());
    }

    @Test
    void handlesHeldAcrossConcurrentExecutionsOnTwoWorkersShareOneTotal() throws IOException {
        McpCalls other = new McpCalls();
        String open = "h = [open('" + dir + "/%s%d' % (NAME, i), 'wb') for i in range(4)]\n";
        String held = SessionsTest.open(mcp, "pass");
        String otherHeld = SessionsTest.open(other, "pass");
        assertEquals("", inSession(mcp, held, "NAME = 'a'\n" + open).stderr());
        assertEquals("", inSession(other, otherHeld, "NAME = 'b'\n" + open).stderr());
        // Both sessions write at the same time, each trying 3 MiB through handles held since their last call.
        CompletableFuture<McpCalls.Exec> first = CompletableFuture.supplyAsync(
                () -> inSession(mcp, held, writeRoundRobin(48)));
        CompletableFuture<McpCalls.Exec> second = CompletableFuture.supplyAsync(
                () -> inSession(other, otherHeld, writeRoundRobin(48)));
        McpCalls.Exec a = first.join();
        McpCalls.Exec b = second.join();
        assertEquals("", a.stderr() + b.stderr());
        String refusal = a.stdout().split("\n", -1)[1] + b.stdout().split("\n", -1)[1];
        assertTrue(refusal.contains(TOTAL), a.stdout() + b.stdout());
        assertTrue(bytesOnDisk() <= SmallWorkspaceQuotas.MAX_TOTAL_BYTES, "on disk: " + bytesOnDisk());
        assertEquals("", inSession(mcp, held, "for f in h:\n    f.close()").stderr());
        assertEquals("", inSession(other, otherHeld, "for f in h:\n    f.close()").stderr());
        mcp.call("reset_session", Map.of("session", held));
        other.call("reset_session", Map.of("session", otherHeld));
    }

    @Test
    void permissionsThatWouldHideBytesAreRefused() throws IOException {
        // chmod 0o300 then writing more: the directory would vanish from the usage walk with its bytes.
        McpCalls.Exec chmod = run("import os\nos.mkdir('" + dir + "/d')\nos.chmod('" + dir + "/d', 0o300)");
        assertTrue(chmod.stderr().contains("PermissionError: [Errno 13] Permission denied"), chmod.stderr());
        assertTrue(ownerCan(WORKSPACE.resolve(dir + "/d"), PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_EXECUTE));
        assertEquals("", run("open('" + dir + "/d/more', 'wb').write(b'x' * 1000)").stderr());
        McpCalls.Exec file = run("import os\nopen('" + dir + "/f', 'w').close()\nos.chmod('" + dir + "/f', 0o000)");
        assertTrue(file.stderr().contains("PermissionError: [Errno 13] Permission denied"), file.stderr());
        McpCalls.Exec mkdir = run("import os\nos.mkdir('" + dir + "/e', 0o300)");
        assertTrue(mkdir.stderr().contains("PermissionError") || ownerCan(WORKSPACE.resolve(dir + "/e"),
                PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_EXECUTE), mkdir.stderr());
        McpCalls.Exec root = run("import os\nos.chmod('.', 0o700)");
        assertTrue(root.stderr().contains("PermissionError: [Errno 13] Permission denied"), root.stderr());
        assertEquals("", run("import os\nos.chmod('" + dir + "/d', 0o750)\nos.chmod('" + dir + "/f', 0o640)").stderr(),
                "changes that keep the owner's access are allowed");
    }

    private static boolean ownerCan(Path path, PosixFilePermission... needed) throws IOException {
        return Files.getPosixFilePermissions(path).containsAll(java.util.List.of(needed));
    }

    @Test
    void directoriesCountAgainstMaxFiles() {
        McpCalls.Exec r = run("""
                import os
                made = 0
                try:
                    for i in range(100):
                        os.mkdir('%s/d%%d' %% i)
                        made += 1
                except OSError as e:
                    print(made, e)
                """.formatted(dir));
        assertTrue(r.stdout().contains("files and directories")
                && r.stdout().contains("workspace.max-files=" + SmallWorkspaceQuotas.MAX_FILES), r.stdout() + r.stderr());
        int made = Integer.parseInt(r.stdout().split(" ")[0]);
        assertTrue(made < SmallWorkspaceQuotas.MAX_FILES, "made " + made);
    }

    @Test
    void deleteAndTruncateGiveQuotaBack() {
        String fill = "for i in range(4):\n    open('" + dir + "/full%d' % i, 'wb').write(b'x' * 1048576)\n";
        assertEquals("", run(fill).stderr());
        McpCalls.Exec over = run("open('" + dir + "/over', 'wb').write(b'x' * 1048576)");
        assertTrue(over.stderr().contains(TOTAL), over.stderr());
        // open('w') truncates the old bytes away, so a whole megabyte fits again.
        assertEquals("", run("open('" + dir + "/full0', 'wb').write(b'y' * 1048576)").stderr());
        assertEquals("", run("import os\nos.remove('" + dir + "/full1')\nos.remove('" + dir + "/over')\n"
                + "open('" + dir + "/after-delete', 'wb').write(b'z' * 1048576)").stderr());
        assertEquals("", run("f = open('" + dir + "/full2', 'r+b')\nf.truncate(0)\nf.close()\n"
                + "open('" + dir + "/after-truncate', 'wb').write(b'z' * 1048576)").stderr());
    }

    @Test
    void fileToolsAndGuestWritesShareOneAccount() {
        assertEquals("", run("for i in range(3):\n    open('" + dir + "/g%d' % i, 'wb').write(b'x' * 1048576)\n"
                + "open('" + dir + "/g3', 'wb').write(b'x' * 900000)").stderr());
        ToolResponse tool = mcp.call("write_workspace_file", Map.of("path", dir + "/tool.txt", "content",
                "t".repeat(300_000)));
        assertTrue(tool.isError() && McpCalls.text(tool).contains(TOTAL), McpCalls.text(tool));
        assertFalse(mcp.call("delete_workspace_file", Map.of("path", dir + "/g0")).isError());
        assertFalse(mcp.call("write_workspace_file", Map.of("path", dir + "/tool.txt", "content",
                "t".repeat(300_000))).isError());
        McpCalls.Exec guest = run("open('" + dir + "/g4', 'wb').write(b'x' * 1000000)");
        assertTrue(guest.stderr().contains(TOTAL), "the tool's bytes count for the guest too: " + guest.stderr());
    }

    @Test
    void aWorkerKilledWhileHoldingReservationsIsRecounted() {
        // 512 KiB then one byte: the second write's lease asks for 512 KiB more, nearly all of it unused when the
        // worker is killed at the deadline with the handle open.
        String killedSession = SessionsTest.open(mcp, "pass");
        assertEquals("", inSession(mcp, killedSession, "f = open('" + dir + "/partial', 'wb')\nf.write(b'x' * 524288)\n"
                + "f.flush()\nf.write(b'x')\nf.flush()").stderr());
        // A long builtin ignores cancellation, so the worker process is retired (killed) after the deadline.
        McpCalls.Exec killed = mcp.exec(Map.of("code", "x = 10**10**8", "session", killedSession, "timeout_s", 1));
        assertTrue(killed.timedOut(), killed.stderr());
        // Once recounted, everything but the 524289 bytes on disk is usable again.
        Awaitility.await().until(() -> run("for i in range(3):\n    open('" + dir + "/r%d' % i, 'wb').write(b'x' * 1048576)\n"
                + "open('" + dir + "/r3', 'wb').write(b'x' * (1048576 - 524289))").stderr().isEmpty());
        mcp.call("reset_session", Map.of("session", killedSession));
    }

    /**
     * A run stopped at its deadline with files open for writing gives back what their leases reserved (64 KiB each)
     * before its result comes: the server's account is the disk's bytes again at once (mutation-checked: settled only
     * when the interpreter closed after the run, when the worker forwards no call of it, the account stayed 512 KiB
     * over until another run on that worker carried the settlements).
     */
    @Test
    void aRunStoppedAtItsDeadlineGivesItsOpenFilesReservationsBack() throws IOException {
        McpCalls.Exec stopped = mcp.exec(Map.of("code", "h = [open('" + dir + "/held%d' % i, 'wb') for i in range(8)]\n"
                + "for f in h:\n    f.write(b'x')\n    f.flush()\nwhile True:\n    pass", "timeout_s", 1));
        assertTrue(stopped.timedOut(), stopped.stderr());
        assertAccountIsTheDisksBytes();
    }

    /**
     * Files written, left open and dropped, with the collector running before the run ends: what they wrote is on
     * disk (mutation-checked: with the driver tracking written files by weak references alone, as before, all were
     * empty). More files than the driver holds (256; this profile allows 40, so five names are opened again and
     * again) make it release those no longer referenced, closing them itself: the reservations their first writes
     * took are back when the result comes, so a run on another worker finds the whole quota (mutation-checked:
     * without that close the account stayed at the quota, 4194301 bytes against 650 on disk).
     */
    @Test
    void filesDroppedUnclosedKeepTheirBytesAndGiveTheirReservationsBack() throws IOException {
        McpCalls.Exec r = run("import gc\nfor i in range(6):\n    open('" + dir + "/collected%d' % i, 'wb').write(b'x' * 100)"
                + "\n    gc.collect()\nfor i in range(300):\n    open('" + dir + "/dropped%d' % (i % 5), 'w').write('y' * 10)\n");
        assertEquals("", r.stderr());
        assertAccountIsTheDisksBytes();
        assertEquals(600 + 50, bytesOnDisk(), "every file holds what was written to it");
    }

    /**
     * A file left open whose last bytes do not fit in the quota when the run's end closes it: the run ends as it
     * would have, and stderr says what CPython's finalizer says of it (mutation-checked: without the report the bytes
     * were lost silently).
     */
    @Test
    void aFileLeftOpenThatCannotBeFlushedWhenTheRunEndsIsReported() {
        assertEquals("", run("for i in range(4):\n    open('" + dir + "/full%d' % i, 'wb').write(b'x' * 1048576)\n")
                .stderr());
        McpCalls.Exec left = run("f = open('" + dir + "/left.txt', 'w')\nf.write('y' * 100)\nprint('written')");
        assertEquals(0, left.exitCode(), left.stderr());
        assertEquals("written\n", left.stdout());
        assertTrue(left.stderr().startsWith("Exception ignored in: <_io.TextIOWrapper name='" + dir + "/left.txt'"),
                left.stderr());
        assertTrue(left.stderr().contains("Disk quota exceeded") && left.stderr().contains(TOTAL), left.stderr());
    }

    @Test
    void guestCodeCannotSettleLeasesItself() {
        McpCalls.Exec r = run("import _codeexec_bridge as b\nb.call('quota', 'settle', {'lease': 1, 'bytes': -10**9, "
                + "'entries': 0})");
        assertTrue(r.stderr().contains("unknown service 'quota'"), r.stderr());
    }

    /**
     * A stream longer than the file limit is spilled up to it: its file holds exactly the stream's first bytes and the
     * marker says so. The guest's stdout is line-buffered, so the spill meets the stream one line at a time.
     */
    @Test
    void outputLongerThanTheFileLimitIsSpilledUpToIt() throws IOException {
        int lines = 21_000;
        ToolResponse response = mcp.call("execute_code", Map.of("code",
                "for i in range(%d):\n    print('%%099d' %% i)".formatted(lines), "timeout_s", 60));
        assertFalse(response.isError(), McpCalls.text(response));
        JsonObject result = JsonObject.mapFrom(response.structuredContent());
        String file = result.getString("stdout_file");
        String marker = marker(result);
        try {
            assertTrue(file != null && file.endsWith("/stdout.txt"), marker);
            long total = lines * 100L;
            assertTrue(marker.contains("; the first " + SmallWorkspaceQuotas.MAX_FILE_BYTES + " of " + total
                    + " bytes are in " + file + " (spill cap)"), marker);
            StringBuilder expected = new StringBuilder();
            for (int i = 0; expected.length() < SmallWorkspaceQuotas.MAX_FILE_BYTES; i++) {
                expected.append("%099d\n".formatted(i));
            }
            assertEquals(expected.substring(0, (int) SmallWorkspaceQuotas.MAX_FILE_BYTES),
                    Files.readString(WORKSPACE.resolve(file)), "the file holds the stream's first bytes, all of them");
        } finally {
            if (file != null) {
                run("import shutil; shutil.rmtree('" + Path.of(file).getParent() + "')");
            }
        }
    }

    /** With the workspace full, a long stream is not saved: the marker says why, and no partial file is left. */
    @Test
    void outputIsNotSpilledIntoAFullWorkspace() throws IOException {
        java.util.Set<Path> before = spillFiles();
        ToolResponse response = mcp.call("execute_code", Map.of("code", """
                n = 0
                try:
                    while True:
                        with open('%s/fill%%d' %% n, 'wb') as f:
                            n += 1
                            for _ in range(16):
                                f.write(b'x' * 65536)
                                f.flush()
                except OSError:
                    pass
                for i in range(3000):
                    print('%%099d' %% i)
                """.formatted(dir), "timeout_s", 60));
        assertFalse(response.isError(), McpCalls.text(response));
        JsonObject result = JsonObject.mapFrom(response.structuredContent());
        String marker = marker(result);
        assertNull(result.getString("stdout_file"), marker);
        assertTrue(marker.contains(" of 300000; not saved: the workspace quota has no room"), marker);
        assertEquals(before, spillFiles(), "a partial spill file was left behind");
    }

    @Test
    void diskUsageIsTheQuotaAndWhatItStillGrants() {
        // 512 KiB, a whole number of the store's 4 KiB blocks: the usage moves by exactly that.
        McpCalls.Exec r = run("""
                import os, shutil, yaml
                before = shutil.disk_usage('.')
                with open('%s/half', 'wb') as f:
                    f.write(b'x' * 524288)
                after = shutil.disk_usage('%s')
                print(before.total, after.total, after.used - before.used, before.free - after.free)
                print(tuple(shutil.disk_usage(os.path.dirname(yaml.__file__))))
                for path in ('/', '%s/missing'):
                    try:
                        os.statvfs(path)
                    except OSError as e:
                        print(type(e).__name__, e.strerror)
                """.formatted(dir, dir, dir));
        assertEquals("", r.stderr());
        long total = SmallWorkspaceQuotas.MAX_TOTAL_BYTES;
        assertEquals(total + " " + total + " 524288 524288\n"
                + "(0, 0, 0)\n"
                + "PermissionError /: Permission denied: path / is outside the workspace\n"
                + "FileNotFoundError No such file or directory\n", r.stdout());
    }

    @Test
    void whatARunWroteIsAccountedExactlyOnceItEnds() {
        // A closed file's lease settles with the ledger's next call, and a run's last ones when it ends: a later run
        // in another interpreter finds the usage grown by the file's bytes (a whole number of the store's 4 KiB
        // blocks here), not by the room its first write reserved.
        McpCalls.Exec first = mcp.exec(Map.of("code", """
                import shutil
                print(shutil.disk_usage('.').used)
                with open('%s/written', 'wb') as f:
                    f.write(b'x' * 8192)
                """.formatted(dir), "fresh", true));
        McpCalls.Exec next = mcp.exec(Map.of("code", "import shutil\nprint(shutil.disk_usage('.').used)", "fresh", true));
        assertEquals("", first.stderr() + next.stderr());
        assertEquals(8192, Long.parseLong(next.stdout().strip()) - Long.parseLong(first.stdout().strip()));
    }

    /** The one line of a long stream's inline text that says what was left out and where it went. */
    private static String marker(JsonObject result) {
        return result.getString("stdout").lines().filter(l -> l.startsWith("[... ")).findFirst().orElse("");
    }

    /** The spill files in the workspace now. */
    private static java.util.Set<Path> spillFiles() throws IOException {
        Path runs = WORKSPACE.resolve(".runs");
        if (!Files.isDirectory(runs)) {
            return java.util.Set.of();
        }
        try (Stream<Path> files = Files.walk(runs)) {
            return files.filter(Files::isRegularFile).collect(java.util.stream.Collectors.toSet());
        }
    }
}
