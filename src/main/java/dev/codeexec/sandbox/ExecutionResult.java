package dev.codeexec.sandbox;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import jakarta.annotation.Nullable;

/**
 * What one execution produced. A non-zero exit or a timeout is an ordinary result, not an error. {@code report}
 * (the files the run produced, its context figures) travels beside the result, not in it: the MCP adapter turns the
 * files into resource links and the server counts the figures.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ExecutionResult(
        @JsonPropertyDescription("Standard output; past the inline budget its head and tail around one marker line")
        String stdout,
        @JsonPropertyDescription("Standard error, including a Python traceback when the code raised; cut as stdout")
        String stderr,
        @JsonProperty("exit_code")
        @JsonPropertyDescription("0 on success, 1 on an uncaught exception, n for sys.exit(n), 124 on timeout, 137 when the sandbox worker was killed")
        int exitCode,
        @JsonProperty("duration_ms")
        @JsonPropertyDescription("Wall-clock milliseconds the execution took inside the server")
        long durationMs,
        @JsonPropertyDescription("True when stdout or stderr went past the inline budget and was cut")
        boolean truncated,
        @JsonProperty("timed_out")
        @JsonPropertyDescription("True when the execution was stopped at its timeout")
        boolean timedOut,
        @Nullable @JsonProperty("stdout_file")
        @JsonPropertyDescription("Workspace path of the whole standard output, when it was cut")
        String stdoutFile,
        @Nullable @JsonProperty("stderr_file")
        @JsonPropertyDescription("Workspace path of the whole standard error, when it was cut")
        String stderrFile,
        @Nullable @JsonIgnore RunReport report) implements ExecuteAnswer {

    /** Exit status reported for an execution stopped at its deadline, as coreutils' timeout does. */
    public static final int EXIT_TIMEOUT = 124;
    /** Exit status reported when the sandbox worker process had to be killed (128 + SIGKILL). */
    public static final int EXIT_KILLED = 137;
    /** Exit status reported for an execution its caller cancelled (128 + SIGINT, as a shell reports Ctrl-C). */
    public static final int EXIT_CANCELLED = 130;

    /** A result that spilled nothing and reports nothing beside it (host-made results: a kill, a refusal). */
    public ExecutionResult(String stdout, String stderr, int exitCode, long durationMs, boolean truncated,
            boolean timedOut) {
        this(stdout, stderr, exitCode, durationMs, truncated, timedOut, null, null, null);
    }

    /** The result of a run cancelled before its guest code started. */
    public static ExecutionResult cancelledBeforeStart() {
        return new ExecutionResult("", CANCELLED_BEFORE_START, EXIT_CANCELLED, 0, false, false);
    }

    /** What a session's last run ({@link ExecutionRequest.Reuse#END}) gives when the session held nothing to end. */
    public static ExecutionResult nothingRan() {
        return new ExecutionResult("", "", 0, 0, false, false);
    }

    public static final String CANCELLED_BEFORE_START =
            "Cancelled: the caller cancelled this execution before it started\n";

    /** The same result with other inline text (a host note prepended, personal data tokenized). */
    public ExecutionResult withText(String stdout, String stderr) {
        return withText(stdout, stderr, truncated);
    }

    /** The same result with other inline text, cut to the inline budget or not (sanitized output is cut after). */
    public ExecutionResult withText(String stdout, String stderr, boolean truncated) {
        return new ExecutionResult(stdout, stderr, exitCode, durationMs, truncated, timedOut, stdoutFile, stderrFile,
                report);
    }

    /** The same result with its report attached (it crossed the worker's pipe beside the result). */
    public ExecutionResult withReport(RunReport report) {
        return new ExecutionResult(stdout, stderr, exitCode, durationMs, truncated, timedOut, stdoutFile, stderrFile,
                report);
    }

    /** The report, or an empty one. */
    public RunReport reportOrEmpty() {
        return report == null ? RunReport.EMPTY : report;
    }
}
