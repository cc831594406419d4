package dev.codeexec.sandbox.pool;

import dev.codeexec.workspace.WorkspaceRoot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The pool's first worker, launched as the server's JVM starts instead of once Quarkus has read its configuration
 * (1.5 s later on 2 cores): the server's {@code main} launches the command the previous start's first worker ran,
 * recorded in the data directory, and the pool takes that process for its first start when that start's command is
 * the same, word for word and with the same environment. Otherwise the process is stopped unused, having run no
 * caller's code. A worker's start is seconds of CPU, and most of it then overlaps the server's own start
 * (docs/benchmarks.md).
 *
 * <p>A new data directory has no record: a new install's, or a container's without a volume at every start. When the
 * settings that shape workers are the packaged ones, the build's record (scripts/record-server-aot) stands in for it,
 * with this server's data directory and workspace put in place of the ones it was recorded with.
 *
 * <p>A record is read only when it is a regular file owned by the user the server runs as and writable by no one
 * else: its words are run as a command.
 */
public final class EarlyWorker implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(EarlyWorker.class.getName());
    /** The record's name in the data directory. */
    static final String RECORD = "first-worker.cmd";
    /**
     * The build's record, beside the jars: the data directory and the workspace it was recorded with, then the
     * command.
     */
    static final String TEMPLATE = "first-worker.template";
    /** A record larger than this is no command line this server wrote. */
    static final int MAX_RECORD_BYTES = 256 * 1024;
    /** Between the words of the record: no argument of a command can hold it. */
    private static final String SEPARATOR = "\0";

    /**
     * The launch handed from {@code main} to the pool. Static because Quarkus gives {@code main} no way to pass an
     * object to a bean; set once per process, and emptied by the first {@link #claim}.
     */
    private static final AtomicReference<Launched> LAUNCHED = new AtomicReference<>();

    /** A launched process, the command it runs, the data directory it was launched for, and whose record it was. */
    record Launched(Path dataDir, List<String> command, Process process, long launchedNanos, String origin) {
    }

    private final Path record;
    /** The early process until the pool's first start takes or refuses it; null after. */
    private final AtomicReference<Launched> early;
    /** Whether the pool's first start has been recorded. */
    private final java.util.concurrent.atomic.AtomicBoolean recorded = new java.util.concurrent.atomic.AtomicBoolean();

    private EarlyWorker(Path record, Launched early) {
        this.record = record;
        this.early = new AtomicReference<>(early);
    }

    /**
     * Launches the command recorded in {@code dataDir}, if there is a record this server may trust, or else, given the
     * workspace of workers with the packaged settings, the build's record for these directories. Called by
     * {@code main} before Quarkus starts, so it logs nothing (the log manager is not set up yet) and never fails the
     * start: without a record the pool starts its first worker as it would have anyway.
     */
    public static void launch(Path dataDir, Optional<Path> defaultWorkspace) {
        launchFor(dataDir, defaultWorkspace, WorkerClasspath.builtCaches().map(built -> built.resolve(TEMPLATE)))
                .ifPresent(LAUNCHED::set);
    }

    static Optional<Launched> launchFor(Path dataDir, Optional<Path> defaultWorkspace, Optional<Path> template) {
        return launchRecorded(dataDir).or(() -> defaultWorkspace.flatMap(workspace -> template.flatMap(file ->
                launchTemplate(file, dataDir, workspace))));
    }

    static Optional<Launched> launchRecorded(Path dataDir) {
        Path dir = dataDir.toAbsolutePath().normalize();
        try {
            Optional<List<String>> command = read(dir.resolve(RECORD));
            if (command.isPresent()) {
                return Optional.of(start(dir, command.get(), "the previous start's"));
            }
        } catch (IOException | RuntimeException e) {
            // The recorded command cannot run here (a moved JDK, say): the pool starts its worker itself.
        }
        return Optional.empty();
    }

    static Optional<Launched> launchTemplate(Path template, Path dataDir, Path workspace) {
        Path dir = dataDir.toAbsolutePath().normalize();
        try {
            Optional<List<String>> words = read(template);
            if (words.isEmpty() || words.get().size() < 3) {
                return Optional.empty();
            }
            // Created and named as the server's own root will be (the worker binds it): the real path.
            List<String> command = forDirectories(words.get(), dir, new WorkspaceRoot(workspace).path());
            // The pool writes the socket filter when it starts; the first worker reads it now.
            if (command.contains(dir.resolve(SocketFilter.FILE).toString())) {
                SocketFilter.write(dir);
            }
            return Optional.of(start(dir, command, "the build's"));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The command of a template (its first two words the data directory and the workspace it was recorded with) for
     * {@code dataDir} and {@code workspace}: the workspace where the recorded one is a word, the data directory where
     * the recorded one starts a word's path.
     */
    static List<String> forDirectories(List<String> template, Path dataDir, Path workspace) {
        String recordedData = template.get(0);
        String recordedWorkspace = template.get(1);
        return template.subList(2, template.size()).stream()
                .map(word -> word.equals(recordedWorkspace) ? workspace.toString()
                        : word.equals(recordedData) || word.startsWith(recordedData + "/")
                                ? dataDir + word.substring(recordedData.length())
                                : word)
                .toList();
    }

    private static Launched start(Path dataDir, List<String> command, String origin) throws IOException {
        Process process = WorkerLauncher.isolated(new ProcessBuilder(command)).start();
        return new Launched(dataDir, command, process, System.nanoTime(), origin);
    }

    /**
     * Takes what {@code main} launched, for the pool of the server whose data directory is {@code dataDir} to start
     * its first worker with.
     */
    public static EarlyWorker claim(Path dataDir) {
        return of(dataDir, LAUNCHED.getAndSet(null));
    }

    /** For the pool of {@code dataDir}: a process launched from another data directory's record is stopped. */
    static EarlyWorker of(Path dataDir, Launched launched) {
        Path dir = dataDir.toAbsolutePath().normalize();
        if (launched != null && !launched.dataDir().equals(dir)) {
            stop(launched);
            launched = null;
        }
        return new EarlyWorker(dir.resolve(RECORD), launched);
    }

    /** Stops what {@code main} launched, unused: the server runs no worker processes. */
    public static void discard() {
        Launched launched = LAUNCHED.getAndSet(null);
        if (launched != null) {
            stop(launched);
        }
    }

    /**
     * Starts a worker: the first call takes the early process if it runs {@code launch}'s very command, and records
     * that command for the next server start; every other call, and a first one that does not match, starts
     * {@code launch}.
     */
    Process start(ProcessBuilder launch) throws IOException {
        Launched launched = early.getAndSet(null);
        if (recorded.compareAndSet(false, true)) {
            remember(launch.command());
        }
        if (launched != null) {
            if (launched.command().equals(launch.command()) && sameEnvironment(launch.environment())
                    && launched.process().isAlive()) {
                LOG.log(Level.INFO, "sandbox worker launched with the server (pid {0}), {1} ms before the pool "
                        + "asked for it, taken as its first ({2} record)", new Object[] {launched.process().pid(),
                            (System.nanoTime() - launched.launchedNanos()) / 1_000_000, launched.origin()});
                return launched.process();
            }
            LOG.log(Level.INFO, "sandbox worker launched with the server (pid {0}, {1} record) stopped unused: {2}",
                    new Object[] {launched.process().pid(), launched.origin(), launched.process().isAlive()
                            ? "the configuration's first worker differs" : "it had exited"});
            stop(launched);
        }
        return launch.start();
    }

    /** Whether the pool's launch has the environment every early launch gets. */
    private static boolean sameEnvironment(Map<String, String> environment) {
        return WorkerLauncher.isolated(new ProcessBuilder()).environment().equals(environment);
    }

    /** Stops the early process if the pool never started a worker. */
    @Override
    public void close() {
        Launched launched = early.getAndSet(null);
        if (launched != null) {
            stop(launched);
        }
    }

    private static void stop(Launched launched) {
        WorkerProcess.destroyTree(launched.process());
    }

    /** Writes {@code command} as the record, owner-only, unless it is already what the record says. */
    private void remember(List<String> command) {
        try {
            if (read(record).filter(command::equals).isPresent()) {
                return;
            }
            Files.createDirectories(record.getParent());
            CacheFiles.replaceOwnerOnly(record, String.join(SEPARATOR, command).getBytes(StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "the first sandbox worker''s command was not recorded for the next start ({0}): "
                    + "{1}", new Object[] {record, e.toString()});
        }
    }

    /**
     * The recorded command, if {@code file} is a regular file of the server's own user that no one else may write.
     *
     * @throws IOException when the file exists but cannot be read
     */
    static Optional<List<String>> read(Path file) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || !trusted(file)
                || Files.size(file) > MAX_RECORD_BYTES) {
            return Optional.empty();
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        return text.isEmpty() ? Optional.empty() : Optional.of(List.of(text.split(SEPARATOR, -1)));
    }

    private static boolean trusted(Path file) throws IOException {
        if (!file.getFileSystem().supportedFileAttributeViews().contains("unix")) {
            return false;
        }
        // The process's own user is the owner of its /proc entry.
        Object self = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
        return self.equals(Files.getAttribute(file, "unix:uid", LinkOption.NOFOLLOW_LINKS))
                && !permissions.contains(PosixFilePermission.GROUP_WRITE)
                && !permissions.contains(PosixFilePermission.OTHERS_WRITE);
    }
}
