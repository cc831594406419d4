package dev.codeexec.sandbox;

/**
 * Background runs now, by state (finished ones until they expire), and every background run finished since
 * start, by outcome.
 */
public record RunStats(long queued, long running, long finished, OutcomeCounts outcomes) {
}
