package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pool's first worker launched with the server: the command recorded by the previous start, taken by the pool's
 * first start when it is the same, and stopped otherwise. Each "worker" here is a shell that writes its pid to a file
 * (so the test sees every launch) and then waits on its input, as a worker does.
 */
class EarlyWorkerTest {

    @TempDir
    Path dir;
    Path data;
    Path launches;

    @BeforeEach
    void dirs() throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "a shell stands in for the worker");
        data = Files.createDirectories(dir.resolve("data"));
        launches = dir.resolve("launches");
    }

    private ProcessBuilder worker(String name) {
        return WorkerLauncher.isolated(new ProcessBuilder("/bin/sh", "-c", "echo $$ >> \"$0\"; exec cat", launches.toString(),
                name));
    }

    private List<Long> launched() throws IOException {
        return Files.exists(launches) ? Files.readAllLines(launches).stream().map(Long::parseLong).toList() : List.of();
    }

    /** The first start of a server on {@code data}: it records its command for the next start. */
    private void firstStart(ProcessBuilder launch) throws Exception {
        try (EarlyWorker none = EarlyWorker.of(data, null)) {
            Process worker = none.start(launch);
            waitForLaunches(1);
            worker.destroyForcibly();
        }
        Files.delete(launches);
    }

    @Test
    void theNextStartLaunchesTheRecordedCommandAndThePoolTakesThatProcess() throws Exception {
        firstStart(worker("first"));
        assertEquals(PosixFilePermissions.fromString("rw-------"), Files.getPosixFilePermissions(data.resolve(EarlyWorker.RECORD)));

        EarlyWorker.Launched early = EarlyWorker.launchRecorded(data).orElseThrow();
        try (EarlyWorker pool = EarlyWorker.of(data, early)) {
            Process first = pool.start(worker("first"));
            Process second = pool.start(worker("second"));
            assertEquals(early.process().pid(), first.pid(), "the pool launched its first worker anew");
            waitForLaunches(2);
            // Each launched once, the early one before the pool's start: which shell wrote its pid first is a race.
            assertEquals(java.util.stream.Stream.of(first.pid(), second.pid()).sorted().toList(),
                    launched().stream().sorted().toList());
            first.destroyForcibly();
            second.destroyForcibly();
        }
    }

    @Test
    void aLaunchWhoseCommandIsNotThePoolsFirstIsStoppedUnusedAndTheNewCommandRecorded() throws Exception {
        firstStart(worker("before"));
        EarlyWorker.Launched early = EarlyWorker.launchRecorded(data).orElseThrow();
        try (EarlyWorker pool = EarlyWorker.of(data, early)) {
            Process first = pool.start(worker("after"));
            assertTrue(early.process().waitFor(30, TimeUnit.SECONDS), "the early process was not stopped");
            assertTrue(first.pid() != early.process().pid());
            first.destroyForcibly();
        }
        assertEquals(worker("after").command(), EarlyWorker.read(data.resolve(EarlyWorker.RECORD)).orElseThrow());
    }

    @Test
    void aLaunchFromAnotherDataDirectorysRecordIsStopped() throws Exception {
        firstStart(worker("first"));
        EarlyWorker.Launched early = EarlyWorker.launchRecorded(data).orElseThrow();
        try (EarlyWorker pool = EarlyWorker.of(dir.resolve("other-data"), early)) {
            assertTrue(early.process().waitFor(30, TimeUnit.SECONDS), "the early process was not stopped");
        }
    }

    @Test
    void aPoolThatNeverStartsAWorkerStopsTheLaunchWhenClosed() throws Exception {
        firstStart(worker("first"));
        EarlyWorker.Launched early = EarlyWorker.launchRecorded(data).orElseThrow();
        EarlyWorker.of(data, early).close();
        assertTrue(early.process().waitFor(30, TimeUnit.SECONDS), "the early process was not stopped");
    }

    @Test
    void aRecordOthersMayWriteIsNotRun() throws Exception {
        firstStart(worker("first"));
        Path record = data.resolve(EarlyWorker.RECORD);
        Files.setPosixFilePermissions(record, PosixFilePermissions.fromString("rw-rw-r--"));
        assertEquals(Optional.empty(), EarlyWorker.launchRecorded(data));
        Files.setPosixFilePermissions(record, PosixFilePermissions.fromString("rw----rw-"));
        assertEquals(Optional.empty(), EarlyWorker.launchRecorded(data));
        assertEquals(List.of(), launched(), "an untrusted record was run");
        // The same record, the server's own again, is run.
        Files.setPosixFilePermissions(record, PosixFilePermissions.fromString("rw-------"));
        EarlyWorker.launchRecorded(data).orElseThrow().process().destroyForcibly();
    }

    @Test
    void aLinkInPlaceOfTheRecordIsNotFollowed() throws Exception {
        firstStart(worker("first"));
        Path record = data.resolve(EarlyWorker.RECORD);
        Path elsewhere = Files.move(record, dir.resolve("elsewhere"));
        Files.createSymbolicLink(record, elsewhere);
        assertEquals(Optional.empty(), EarlyWorker.launchRecorded(data));
        assertEquals(List.of(), launched());
    }

    @Test
    void withoutARecordNothingIsLaunched() {
        assertEquals(Optional.empty(), EarlyWorker.launchRecorded(data));
        assertFalse(Files.exists(launches));
    }

    /** A worker whose command names its workspace and a file of the data directory, as a real one does. */
    private ProcessBuilder workerOn(Path dataDir, Path workspace) {
        return WorkerLauncher.isolated(new ProcessBuilder("/bin/sh", "-c", "echo $$ >> \"$0\"; exec cat",
                launches.toString(), "--bind", workspace.toString(), workspace.toString(),
                dataDir.resolve(SocketFilter.FILE).toString(), dataDir.toString()));
    }

    /** The build's record: a start on {@code dataDir} and {@code workspace} recorded its first worker. */
    private Path template(Path dataDir, Path workspace) throws IOException {
        List<String> words = new java.util.ArrayList<>(List.of(dataDir.toString(), workspace.toString()));
        words.addAll(workerOn(dataDir, workspace).command());
        Path template = dir.resolve(EarlyWorker.TEMPLATE);
        Files.writeString(template, String.join("\0", words));
        Files.setPosixFilePermissions(template, PosixFilePermissions.fromString("rw-------"));
        return template;
    }

    @Test
    void aNewDataDirectoryLaunchesTheBuildsRecordWithItsOwnDirectoriesAndThePoolTakesIt() throws Exception {
        Path template = template(dir.resolve("build/data"), dir.resolve("build/workspace"));
        Path workspace = dir.resolve("workspace");
        EarlyWorker.Launched early = EarlyWorker.launchFor(data, Optional.of(workspace), Optional.of(template))
                .orElseThrow();
        assertEquals(workerOn(data, workspace.toRealPath()).command(), early.command());
        assertEquals("the build's", early.origin());
        assertTrue(Files.isDirectory(workspace), "the workspace the worker binds was not made");
        String arch = System.getProperty("os.arch");
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            assertTrue(Files.isRegularFile(data.resolve(SocketFilter.FILE)), "the worker's socket filter was not written");
        }
        try (EarlyWorker pool = EarlyWorker.of(data, early)) {
            Process first = pool.start(workerOn(data, workspace.toRealPath()));
            assertEquals(early.process().pid(), first.pid(), "the pool launched its first worker anew");
            first.destroyForcibly();
        }
        // That start's own record is what the next one launches.
        assertEquals(workerOn(data, workspace.toRealPath()).command(),
                EarlyWorker.read(data.resolve(EarlyWorker.RECORD)).orElseThrow());
    }

    @Test
    void theDataDirectorysOwnRecordWinsOverTheBuilds() throws Exception {
        firstStart(worker("own"));
        Path template = template(dir.resolve("build/data"), dir.resolve("build/workspace"));
        EarlyWorker.Launched early = EarlyWorker.launchFor(data, Optional.of(dir), Optional.of(template))
                .orElseThrow();
        early.process().destroyForcibly();
        assertEquals(worker("own").command(), early.command());
        assertEquals("the previous start's", early.origin());
    }

    @Test
    void theBuildsRecordIsNotLaunchedForOtherSettingsNorWhenOthersMayWriteIt() throws Exception {
        Path template = template(dir.resolve("build/data"), dir.resolve("build/workspace"));
        assertEquals(Optional.empty(), EarlyWorker.launchFor(data, Optional.empty(), Optional.of(template)));
        Files.setPosixFilePermissions(template, PosixFilePermissions.fromString("rw--w----"));
        assertEquals(Optional.empty(), EarlyWorker.launchFor(data, Optional.of(dir), Optional.of(template)));
        assertEquals(List.of(), launched());
    }

    private void waitForLaunches(int count) {
        // Each shell writes its pid as its first act; the pool does not wait for that, so neither can a snapshot.
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30))
                .until(() -> launched().size() == count);
    }
}
