package dev.codeexec.sandbox;

import dev.codeexec.workspace.WorkspaceQuota;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Everything the sandbox needs to know from configuration, as plain data (the worker process has
 * no CDI). Built from {@link SandboxConfig} in the server.
 */
public record SandboxSettings(
        Isolation isolation,
        Path workspace,
        Path pythonPackages,
        int inlineOutputBytes,
        int threadsPerRun,
        int warmContexts,
        int maxConcurrent,
        int queueSize,
        OptionalInt maxWorkers,
        Duration cancelGrace,
        int maxSessionsPerTenant,
        Duration sessionIdleTtl,
        Warm warm,
        Worker worker,
        WorkspaceQuota quota) {

    public SandboxSettings {
        if (inlineOutputBytes < ExecutionLimits.MIN_INLINE_BYTES || inlineOutputBytes > ExecutionLimits.MAX_INLINE_BYTES) {
            throw new IllegalArgumentException("sandbox.inline-output-bytes must be between "
                    + ExecutionLimits.MIN_INLINE_BYTES + " and " + ExecutionLimits.MAX_INLINE_BYTES + ", got "
                    + inlineOutputBytes);
        }
        int least = workersFor(maxConcurrent, worker) + 1;
        if (maxWorkers.isPresent() && maxWorkers.getAsInt() < least) {
            throw new IllegalArgumentException("sandbox.max-workers must be at least one more than the workers "
                    + "sandbox.max-concurrent needs at sandbox.worker.concurrent-runs each (" + least + "), got "
                    + maxWorkers.getAsInt());
        }
    }

    /**
     * How long the executors keep a session whose handle expired and that nobody ended: the handle's TTL, the sweep
     * that notices it, and a last run that may wait for a running slot (up to DEFAULT_TIMEOUT_S + MAX_TIMEOUT_S) and
     * then run (DEFAULT_TIMEOUT_S). Only then is it dropped without its last run.
     */
    public static Duration sessionBackstopTtl(Duration idleTtl) {
        return idleTtl.plus(sessionSweepPeriod(idleTtl)).plus(Duration.ofMinutes(10));
    }

    /** How often expired session handles are looked for: a quarter of their TTL, between a second and a minute. */
    public static Duration sessionSweepPeriod(Duration idleTtl) {
        Duration quarter = idleTtl.dividedBy(4);
        return quarter.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1)
                : quarter.compareTo(Duration.ofMinutes(1)) > 0 ? Duration.ofMinutes(1) : quarter;
    }

    /** The workers that hold every running slot, each taking up to {@code worker.concurrentRuns} runs at once. */
    public int workersForSlots() {
        return workersFor(maxConcurrent, worker);
    }

    /** Static so the compact constructor can check against it before the record's fields are assigned. */
    private static int workersFor(int slots, Worker worker) {
        return Math.ceilDiv(slots, worker.concurrentRuns());
    }

    public enum Isolation {
        PROCESS, IN_PROCESS;

        static Isolation parse(String value) {
            return switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
                case "process" -> PROCESS;
                case "in-process" -> IN_PROCESS;
                default -> throw new IllegalArgumentException("sandbox.isolation must be process or in-process, got '"
                        + value + "'");
            };
        }
    }

    /** Whether worker JVMs run Truffle's optimizing compiler. */
    public enum Jit {
        AUTO, ON, OFF;

        static Jit parse(String value) {
            try {
                return valueOf(value.trim().toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("sandbox.jit must be auto, on or off, got '" + value + "'");
            }
        }
    }

    /**
     * Warm interpreters, each tenant's on each worker as many as its runs there need at once: recycled after {@code maxRuns} runs or {@code idleTtl} unused
     * (besides any timeout, exit, crash or MemoryError), and after a run once a collection left more than
     * {@code heapPercent} of the heap in use; at most {@code maxPerWorker} held by one worker
     * (or by the server in-process), the least recently used released first.
     */
    public record Warm(int maxRuns, Duration idleTtl, int maxPerWorker, int heapPercent) {
        public Warm {
            atLeastOne("sandbox.warm.max-runs", maxRuns);
            atLeastOne("sandbox.warm.max-per-worker", maxPerWorker);
            if (heapPercent < 1 || heapPercent > 100) {
                throw new IllegalArgumentException("sandbox.warm.heap-percent must be between 1 and 100, got " + heapPercent);
            }
        }

        private static void atLeastOne(String name, int value) {
            if (value < 1) {
                throw new IllegalArgumentException(name + " must be at least 1, got " + value);
            }
        }
    }


    /** Whether worker JVMs run under an operating-system sandbox (bubblewrap or unshare) on Linux. */
    public enum OsSandboxMode {
        /** bwrap, else unshare, else none: whichever works here first. */
        AUTO,
        /** Like auto, but the server does not start without one. */
        REQUIRED,
        OFF;

        static OsSandboxMode parse(String value) {
            try {
                return valueOf(value.trim().toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("sandbox.worker.os-sandbox must be auto, required or off, got '"
                        + value + "'");
            }
        }
    }

    /**
     * How worker processes are launched. {@code polyglotResources} is where GraalPy's own files are copied for
     * workers under the OS sandbox, which cannot write the usual cache in the home directory. {@code idleStop} is how
     * long a worker may serve nothing before it is stopped while its tenant keeps another ({@link Duration#ZERO}
     * keeps them all). {@code concurrentRuns} is how many of its tenant's runs a worker takes at once, each in its
     * own interpreter on its own thread: they share its heap, and a kill at one's deadline stops the others.
     */
    public record Worker(int heapMb, int maxOpenFiles, long maxFileSizeBytes, Duration startTimeout,
            List<String> jvmOptions, Optional<String> classpath, Optional<Path> javaHome, Jit jit,
            Optional<Path> aotCacheDir, int warmupRounds, OsSandboxMode osSandbox, Path polyglotResources,
            Duration idleStop, int concurrentRuns, int maxThreads) {

        /** The fewest threads a worker may have alive when the operator names no bound ({@code sandbox.worker.max-threads}). */
        public static final int DEFAULT_MAX_THREADS = 1024;
        /** Threads allowed for each interpreter a worker may hold: its own and GraalPy's (about 9 measured), doubled. */
        private static final int THREADS_PER_INTERPRETER = 16;
        /** The JVM's and the worker's own threads (about 30), with room. */
        private static final int OWN_THREADS = 128;
        /** The fewest an operator may set: an idle worker has about 40 of its own. */
        public static final int MIN_MAX_THREADS = 128;

        public Worker {
            if (idleStop.isNegative()) {
                throw new IllegalArgumentException("sandbox.worker.idle-stop must not be negative, got " + idleStop);
            }
            if (concurrentRuns < 1) {
                throw new IllegalArgumentException("sandbox.worker.concurrent-runs must be at least 1, got "
                        + concurrentRuns);
            }
            if (maxThreads < MIN_MAX_THREADS) {
                throw new IllegalArgumentException("sandbox.worker.max-threads must be at least " + MIN_MAX_THREADS
                        + ", got " + maxThreads);
            }
        }

        /**
         * The bound when the operator names none: room for every interpreter a worker may hold (a tenant's sessions,
         * its warm interpreters, its fresh ones and its runs') and for the guest threads of its runs, and at least
         * {@link #DEFAULT_MAX_THREADS}.
         */
        public static int defaultMaxThreads(int sessionsPerTenant, int warmPerWorker, int concurrentRuns,
                int threadsPerRun) {
            long interpreters = (long) sessionsPerTenant + warmPerWorker + 2 + concurrentRuns;
            long needed = OWN_THREADS + interpreters * THREADS_PER_INTERPRETER + (long) concurrentRuns * threadsPerRun;
            return (int) Math.min(Integer.MAX_VALUE, Math.max(DEFAULT_MAX_THREADS, needed));
        }

        public Worker(int heapMb, int maxOpenFiles, long maxFileSizeBytes, Duration startTimeout,
                List<String> jvmOptions, Optional<String> classpath, Optional<Path> javaHome, Jit jit,
                Optional<Path> aotCacheDir, int warmupRounds, OsSandboxMode osSandbox, Path polyglotResources,
                Duration idleStop, int concurrentRuns) {
            this(heapMb, maxOpenFiles, maxFileSizeBytes, startTimeout, jvmOptions, classpath, javaHome, jit, aotCacheDir,
                    warmupRounds, osSandbox, polyglotResources, idleStop, concurrentRuns, DEFAULT_MAX_THREADS);
        }

        /** Settings for code that launches no worker (the worker itself, in-process executors): no OS sandbox. */
        public Worker(int heapMb, int maxOpenFiles, long maxFileSizeBytes, Duration startTimeout,
                List<String> jvmOptions, Optional<String> classpath, Optional<Path> javaHome, Jit jit,
                Optional<Path> aotCacheDir, int warmupRounds) {
            this(heapMb, maxOpenFiles, maxFileSizeBytes, startTimeout, jvmOptions, classpath, javaHome, jit, aotCacheDir,
                    warmupRounds, OsSandboxMode.OFF, Path.of("polyglot-resources"), Duration.ZERO, 1, DEFAULT_MAX_THREADS);
        }
    }
}
