package dev.codeexec.sandbox.pool;

/** How a worker starts, by the part it takes in the pool ({@link WorkerPlacement}). */
enum WorkerStart {
    /**
     * The pool's first worker: C1 alone and no warm-up rounds, so the first call after a start comes sooner; replaced
     * once it has served and fallen quiet.
     */
    QUICK,
    /**
     * The quick worker's successor: both compilers, and its warm-up rounds run before it reports ready, since the
     * quick worker serves meanwhile. Rounds run after ready are stopped by the first caller's runs, which then meet a
     * JIT that has compiled little of what they need (docs/benchmarks.md, twenty-eighth session).
     */
    WARM_FIRST,
    /** Every other worker: both compilers, ready as soon as it can serve, its warm-up rounds run while it is idle. */
    SERVE_FIRST
}
