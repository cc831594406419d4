package dev.codeexec.sandbox;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Finished executions of one caller, by outcome. */
public record OutcomeCounts(long total, long succeeded, long failed, @JsonProperty("timed_out") long timedOut,
        long killed, long cancelled) {

    public static final OutcomeCounts NONE = new OutcomeCounts(0, 0, 0, 0, 0, 0);

    OutcomeCounts plus(ExecutionResult result) {
        Outcome outcome = Outcome.of(result);
        return new OutcomeCounts(total + 1, succeeded + (outcome == Outcome.SUCCEEDED ? 1 : 0),
                failed + (outcome == Outcome.FAILED ? 1 : 0), timedOut + (outcome == Outcome.TIMED_OUT ? 1 : 0),
                killed + (outcome == Outcome.KILLED ? 1 : 0), cancelled + (outcome == Outcome.CANCELLED ? 1 : 0));
    }
}
