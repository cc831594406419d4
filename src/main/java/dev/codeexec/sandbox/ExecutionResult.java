package dev.codeexec.sandbox;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** What one execution produced. A non-zero exit or a timeout is an ordinary result, not an error. */
public record ExecutionResult(
        @JsonPropertyDescription("Everything the code printed to standard output, capped; see truncated")
        String stdout,
        @JsonPropertyDescription("Standard error, including a Python traceback when the code raised, capped")
        String stderr,
        @JsonProperty("exit_code")
        @JsonPropertyDescription("0 on success, 1 on an uncaught exception, n for sys.exit(n), 124 on timeout, 137 when the sandbox worker was killed")
        int exitCode,
        @JsonProperty("duration_ms")
        @JsonPropertyDescription("Wall-clock milliseconds the execution took inside the server")
        long durationMs,
        @JsonPropertyDescription("True when stdout or stderr went past the output limit and was cut")
        boolean truncated,
        @JsonProperty("timed_out")
        @JsonPropertyDescription("True when the execution was stopped at its timeout")
        boolean timedOut) implements ExecuteAnswer {

    /** Exit status reported for an execution stopped at its deadline, as coreutils' timeout does. */
    public static final int EXIT_TIMEOUT = 124;
    /** Exit status reported when the sandbox worker process had to be killed (128 + SIGKILL). */
    public static final int EXIT_KILLED = 137;
    /** Exit status reported for an execution its caller cancelled (128 + SIGINT, as a shell reports Ctrl-C). */
    public static final int EXIT_CANCELLED = 130;

    /** The result of a run cancelled before its guest code started. */
    public static ExecutionResult cancelledBeforeStart() {
        return new ExecutionResult("", CANCELLED_BEFORE_START, EXIT_CANCELLED, 0, false, false);
    }

    public static final String CANCELLED_BEFORE_START =
            "Cancelled: the caller cancelled this execution before it started\n";
}
