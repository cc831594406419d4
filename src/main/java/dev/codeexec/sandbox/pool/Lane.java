package dev.codeexec.sandbox.pool;

/**
 * One of a worker's places for a run: a worker takes up to {@code sandbox.worker.concurrent-runs} of its tenant's
 * runs at once, each holding one lane while it runs. Placement hands out lanes; sessions, warm interpreters and kills
 * belong to the worker.
 *
 * @param worker the worker process the lane belongs to
 * @param index  which of its lanes, from 0
 */
record Lane(WorkerProcess worker, int index) {
}
