package dev.codeexec.sandbox;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Finished executions of one caller, by outcome. */
public record OutcomeCounts(long total, long succeeded, long failed, @JsonProperty("timed_out") long timedOut,
        long killed) {

    public static final OutcomeCounts NONE = new OutcomeCounts(0, 0, 0, 0, 0);

    OutcomeCounts plus(ExecutionResult result) {
        if (result.timedOut()) {
            return new OutcomeCounts(total + 1, succeeded, failed, timedOut + 1, killed);
        }
        if (result.exitCode() == ExecutionResult.EXIT_KILLED) {
            return new OutcomeCounts(total + 1, succeeded, failed, timedOut, killed + 1);
        }
        return result.exitCode() == 0 ? new OutcomeCounts(total + 1, succeeded + 1, failed, timedOut, killed)
                : new OutcomeCounts(total + 1, succeeded, failed + 1, timedOut, killed);
    }
}
