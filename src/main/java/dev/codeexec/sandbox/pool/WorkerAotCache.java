package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.FileTrees;
import dev.codeexec.sandbox.worker.SandboxWorkerMain;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The worker JVM's ahead-of-time cache (JDK 25, JEP 483/514): the classes a worker loads and links to
 * build its first interpreter, recorded once and mapped by every later worker, which is then ready in about
 * half the time. The file is named after the worker's JVM, options, classpath and warm-up rounds and its jars'
 * sizes and times, so a new JDK, option, classpath or build gets its own cache, and recording one removes the
 * others. It is recorded by a throwaway worker in the background, under the same OS sandbox and rlimits as every
 * worker, whose one writable directory is a scratch directory beside the cache: started with
 * {@code -XX:AOTCacheOutput}, it builds its interpreter on an empty workspace, runs the warm-up rounds (so the cache
 * also holds the classes and method profiles of typical data work), is told to exit, and writes the cache as it
 * does. Before it says it is ready it also writes the library modules it compiled ({@code worker-<digest>.modules}),
 * which later workers load instead of parsing their sources; they are kept and removed with the cache.
 *
 * <p>A packaged server's build records the cache for the default settings beside the jars
 * ({@code quarkus-app/worker-cache}, scripts/record-server-aot). Workers use that one when its name matches, so a first
 * start on a new data directory (a new install, a container without a volume) starts workers with a cache at once
 * and records none.
 */
final class WorkerAotCache {

    private static final Logger LOG = Logger.getLogger(WorkerAotCache.class.getName());
    private static final Duration TRAINING_LIMIT = Duration.ofMinutes(3);

    /**
     * What one recording writes into a directory: the cache, and beside it the library modules the recording worker
     * compiled ({@code SandboxContexts.recordModuleCode}). Workers use both from the same recording.
     */
    private record Recording(Path cache, Path modules) {
        static Recording in(Path dir, String name) {
            Path absolute = dir.toAbsolutePath();
            return new Recording(absolute.resolve(name + ".aot"), absolute.resolve(name + ".modules"));
        }
    }

    /** Where this server records. */
    private final Recording own;
    /** The build's, beside a packaged server's jars; used first when its cache exists. */
    private final Optional<Recording> built;
    private final AtomicBoolean training = new AtomicBoolean();
    /** One failed recording is enough for this server's life: it is not retried at every worker start. */
    private volatile boolean failed;

    /**
     * @param dir   where this server records the cache (by default the data directory)
     * @param built where the build recorded one beside the jars, if the server runs packaged
     */
    WorkerAotCache(Path dir, Optional<Path> built, String commandLine) {
        String name = "worker-" + CacheFiles.digest(commandLine);
        this.own = Recording.in(dir, name);
        this.built = built.map(b -> Recording.in(b, name));
    }

    /**
     * The files workers may read (and nothing else of their directories): the caches and the compiled library
     * modules, the build's and this server's.
     */
    List<Path> files() {
        List<Path> files = new java.util.ArrayList<>(List.of(own.cache(), own.modules()));
        built.ifPresent(b -> files.addAll(List.of(b.cache(), b.modules())));
        return List.copyOf(files);
    }

    /**
     * The options that make a worker use the cache and the compiled modules, once they exist: the build's when it
     * recorded this one, else this server's. The modules go with their cache: one recording wrote both.
     */
    List<String> useOptions() {
        Recording used = inUse();
        List<String> options = new java.util.ArrayList<>();
        if (Files.isRegularFile(used.cache())) {
            options.add("-XX:AOTCache=" + used.cache());
        }
        if (Files.isRegularFile(used.modules(), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            options.add("-D" + SandboxWorkerMain.MODULE_CODE_PROPERTY + "=" + used.modules());
        }
        return List.copyOf(options);
    }

    /** For the start-up log: which cache workers start with, or that none is recorded yet. */
    String describe() {
        Recording used = inUse();
        if (!Files.isRegularFile(used.cache())) {
            return "none yet; recorded into " + own.cache().getParent() + " once the pool is full";
        }
        return used == own ? own.cache().toString() : "the build's " + used.cache();
    }

    /** Whether neither the build nor this server has recorded the cache. */
    boolean missing() {
        return !Files.isRegularFile(inUse().cache());
    }

    /** The build's recording when it has this cache, else this server's, whose cache may not exist yet. */
    private Recording inUse() {
        return built.filter(b -> Files.isRegularFile(b.cache())).orElse(own);
    }

    /** Starts the training worker that writes its cache and compiled modules to the given files, in a scratch dir. */
    @FunctionalInterface
    interface TrainingStart {
        ProcessBuilder builder(Path scratch, Path cache, Path modules);
    }

    /** Records the cache unless it exists or is being recorded; blocks while it does, so call it off the request path. */
    void train(TrainingStart launcher) {
        if (failed || !missing() || recordedByAnotherServer() || !training.compareAndSet(false, true)) {
            return;
        }
        Path file = own.cache();
        // The worker's one writable directory: the partial file, and an empty workspace for its interpreters.
        Path scratch = CacheFiles.partial(file.resolveSibling(file.getFileName() + ".training"));
        Path partial = scratch.resolve(file.getFileName());
        Path partialModules = scratch.resolve(own.modules().getFileName());
        Process process = null;
        long start = System.nanoTime();
        try {
            Files.createDirectories(scratch);
            process = launcher.builder(scratch, partial, partialModules).start();
            InputStream out = process.getInputStream();
            // The first frame is the worker's "ready": its interpreter is built, which is what the cache should hold.
            // Read on a thread of its own: on the common pool (one thread on 2 cores) the read held up every other
            // user of that pool for the seconds the worker takes to be ready.
            CompletableFuture<Integer> ready = new CompletableFuture<>();
            Thread.ofPlatform().daemon().name("sandbox-aot-training-ready").start(() -> {
                try {
                    ready.complete(out.read());
                } catch (IOException e) {
                    ready.complete(-1);
                }
            });
            if (ready.get(TRAINING_LIMIT.toMillis(), TimeUnit.MILLISECONDS) < 0) {
                throw new IOException("the training worker exited before it was ready");
            }
            process.getOutputStream().close();
            if (!process.waitFor(TRAINING_LIMIT.toMillis(), TimeUnit.MILLISECONDS) || process.exitValue() != 0
                    || !Files.isRegularFile(partial)) {
                throw new IOException("the training worker did not write the cache; the JVM records one only for a "
                        + "classpath of jar files, as the packaged server has");
            }
            // Written by the worker before it said it was ready; a worker that could not write it starts without.
            if (Files.isRegularFile(partialModules, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                Files.move(partialModules, own.modules(), StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            }
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            removeOthers();
            LOG.log(Level.INFO, "sandbox worker ahead-of-time cache written in {0} ms: {1} ({2} MiB)",
                    new Object[] {TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start), file,
                        Files.size(file) >> 20});
        } catch (IOException | java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            failed = true;
            LOG.log(Level.WARNING, "sandbox worker ahead-of-time cache not written ({0}); workers start without it",
                    e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (process != null) {
                // The worker too, not only the OS sandbox's process around it: after its input closes, the JVM
                // spends about a minute writing the cache, which outlived a server that stopped meanwhile.
                WorkerProcess.destroyTree(process);
            }
            try {
                // The partial cache, the configuration the JVM records beside it first, the empty workspace.
                FileTrees.delete(scratch);
            } catch (IOException e) {
                LOG.log(Level.FINE, "could not remove {0}", scratch);
            }
            training.set(false);
        }
    }

    /**
     * Whether another live server on this directory is recording this same cache (servers started together from one
     * directory fill their pools together): its file is what this server's later workers map, and a second recording
     * would cost another minute of a worker's CPU. A recording older than its time limits is not counted: the process
     * that owned its number may have died and the number been reused.
     */
    boolean recordedByAnotherServer() {
        Path file = own.cache();
        String prefix = file.getFileName() + ".training.";
        long self = ProcessHandle.current().pid();
        java.nio.file.attribute.FileTime stale = java.nio.file.attribute.FileTime.fromMillis(
                System.currentTimeMillis() - 2 * TRAINING_LIMIT.toMillis());
        try (java.util.stream.Stream<Path> files = Files.list(file.getParent())) {
            return files.anyMatch(p -> {
                String name = p.getFileName().toString();
                try {
                    return name.startsWith(prefix) && name.endsWith(".partial")
                            && !name.equals(prefix + self + ".partial") && !CacheFiles.writerGone(p)
                            && Files.getLastModifiedTime(p).compareTo(stale) > 0;
                } catch (IOException e) {
                    return false; // gone meanwhile
                }
            });
        } catch (IOException e) {
            return false; // no directory yet: nobody records into it
        }
    }

    /**
     * Caches of earlier builds or settings (about 120 MiB each; no worker of this server can use them), and partial
     * recordings left by servers that died while recording (named after their process, which no longer exists).
     */
    void removeOthers() throws IOException {
        try (java.nio.file.DirectoryStream<Path> caches = Files.newDirectoryStream(own.cache().getParent(),
                "worker-*.{aot,modules}*")) {
            for (Path other : caches) {
                if (!other.equals(own.cache()) && !other.equals(own.modules())
                        && (!CacheFiles.isPartial(other) || CacheFiles.writerGone(other))) {
                    FileTrees.delete(other);
                    LOG.log(Level.INFO, "removed the unused sandbox worker ahead-of-time cache {0}", other);
                }
            }
        }
    }
}
