package dev.codeexec.sandbox;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.annotation.Nullable;
import java.util.List;

/**
 * A background run as its caller sees it: status, a page of each output stream from the offsets asked for, and
 * once it has finished the fields of its {@link ExecutionResult} (its output being the pages).
 *
 * @param status          queued, running or finished
 * @param cancelled       true when the caller's cancellation stopped it
 * @param hasMore         more output is kept past a page than max_bytes allowed: ask again at once
 * @param dropped         output before an offset asked for was no longer kept; the page starts at the oldest kept
 * @param stdoutFile      once finished, the workspace file holding the whole stdout, when it outgrew the inline budget
 * @param vault           the handle of the PII vault the run acts for, once that vault holds tokens: what restores
 *                        the tokens its output carries, from any connection of the tenant
 * @param spills          once finished, the spill files with their types, for the adapter's links; not serialized
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ExecutionView(
        @JsonProperty("execution_id") String executionId,
        String status,
        boolean cancelled,
        String stdout,
        String stderr,
        @JsonProperty("next_stdout_offset") long nextStdoutOffset,
        @JsonProperty("next_stderr_offset") long nextStderrOffset,
        @JsonProperty("has_more") boolean hasMore,
        boolean dropped,
        @Nullable @JsonProperty("exit_code") Integer exitCode,
        @Nullable @JsonProperty("duration_ms") Long durationMs,
        @Nullable Boolean truncated,
        @Nullable @JsonProperty("timed_out") Boolean timedOut,
        @Nullable @JsonProperty("stdout_file") String stdoutFile,
        @Nullable @JsonProperty("stderr_file") String stderrFile,
        @Nullable String vault,
        @Nullable @JsonIgnore List<ProducedFile> spills) implements ExecuteAnswer {

    public static final String QUEUED = "queued";
    public static final String RUNNING = "running";
    public static final String FINISHED = "finished";

    public boolean finished() {
        return FINISHED.equals(status);
    }

    /** This view naming {@code handle} as its run's vault. */
    public ExecutionView withVault(@Nullable String handle) {
        return new ExecutionView(executionId, status, cancelled, stdout, stderr, nextStdoutOffset, nextStderrOffset,
                hasMore, dropped, exitCode, durationMs, truncated, timedOut, stdoutFile, stderrFile, handle, spills);
    }
}
