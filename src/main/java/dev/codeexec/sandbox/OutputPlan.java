package dev.codeexec.sandbox;

/**
 * How one run's output reaches its caller: at most {@code inlineBytes} of each stream inline (head and tail), and,
 * when a stream is longer, all of it up to {@code spillBytes} in the caller's workspace under
 * {@code .runs/<runId>/}. {@code spillBytes} 0 keeps nothing past the inline budget.
 */
public record OutputPlan(String runId, int inlineBytes, long spillBytes) {

    /** The server's directory of spilled output in every workspace; never listed as a file a run produced. */
    public static final String RUNS_DIR = ".runs";

    public OutputPlan {
        if (inlineBytes < ExecutionLimits.MIN_INLINE_BYTES || inlineBytes > ExecutionLimits.MAX_INLINE_BYTES) {
            throw new IllegalArgumentException("inline bytes must be between " + ExecutionLimits.MIN_INLINE_BYTES
                    + " and " + ExecutionLimits.MAX_INLINE_BYTES + ", got " + inlineBytes);
        }
        if (spillBytes > 0 && (runId == null || !runId.matches("[A-Za-z0-9][A-Za-z0-9_.-]{0,127}"))) {
            throw new IllegalArgumentException("a spilling run needs a plain run id");
        }
    }

    /** Inline output only, nothing spilled. */
    public static OutputPlan inlineOnly(int inlineBytes) {
        return new OutputPlan(null, inlineBytes, 0);
    }

    /** The workspace-relative path a stream spills to. */
    public String spillPath(boolean stderr) {
        return RUNS_DIR + "/" + runId + "/" + (stderr ? "stderr.txt" : "stdout.txt");
    }
}
