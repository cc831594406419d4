package dev.codeexec.sandbox.protocol;

import dev.codeexec.sandbox.ExecutionRequest;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.OutputPlan;
import dev.codeexec.sandbox.RunReport;
import dev.codeexec.sandbox.SessionKey;
import dev.codeexec.sandbox.Spares;
import dev.codeexec.sandbox.WarmCounters;
import java.util.List;

/** The messages between the server and a sandbox worker process; every field is plain JSON data. */
public final class WorkerMessages {
    private WorkerMessages() {
    }

    /**
     * Run one execution. {@code drop} lists sessions the server has expired or reset since the last
     * request; the worker releases them first. It runs in the workspace it was started on: a worker serves one
     * tenant, and sees that workspace at a path of its own under bwrap (/workspace), not the server's. With
     * {@code stream} the worker sends the run's output as {@link Output} frames while it runs; without it, output
     * arrives only in the result. {@code output} says how much of it comes inline and what spills to the workspace
     * (null: inline only, at the worker's default budget).
     */
    public record Execute(long id, String code, String stdin, long timeoutMs, SessionKey session,
            ExecutionRequest.Reuse reuse, List<SessionKey> drop, boolean stream, OutputPlan output) {
    }

    /** The caller cancelled execution {@code id}: stop it as a timeout would, and report it cancelled. */
    public record Cancel(long id) {
    }

    /**
     * Guest code in the worker calls a host service; the server answers with a {@link BridgeReply}. It names the
     * execution and the interpreter it came from: the server answers only the interpreter the running execution's
     * start named ({@link Reply#interpreter}), and drops anything else.
     */
    public record BridgeCall(long callId, long execution, long interpreter, String service, String method,
            String args) {
    }

    /** The host's answer to a {@link BridgeCall}: the JSON reply text. */
    public record BridgeReply(long callId, String reply) {
    }

    /**
     * Output of a streaming execution, sent only while it runs, coalesced (see
     * {@link dev.codeexec.sandbox.worker.OutputBatcher}); the bytes may end inside a UTF-8 character, which the next
     * frame of the same stream completes.
     */
    public record Output(long id, boolean stderr, byte[] data) {
    }

    /** Every frame from the server: exactly one field is set. */
    public record ToWorker(Execute execute, BridgeReply bridgeReply, Cancel cancel) {
    }

    /** Every frame from a worker: exactly one field is set. */
    public record FromWorker(Reply reply, BridgeCall bridgeCall, Output output) {
    }

    /**
     * A worker's answer: {@code ready} once at start, then for each request {@code started} when its
     * guest code begins and finally its result.
     * {@code recycle}, when set, asks the server to replace the worker, and says why: a guest thread in it ignored
     * cancellation, or its heap stayed full after its warm interpreters were given back.
     * {@code warm} says, for a run in a warm interpreter, whether it found one idle and what was recycled.
     * {@code built} lists how long, in milliseconds, each interpreter built since the previous reply took;
     * {@code spares}, with each result, the worker's spare interpreters taken and built since it started.
     * {@code report} is the result's report, which the result itself does not serialize.
     * A start names the {@code interpreter} running the request, the only one whose bridge calls the server answers.
     * {@code refusedCalls} counts the bridge calls the worker itself refused since the previous result: made by an
     * interpreter that was not running the current execution.
     * {@code warmedRounds}, with {@code ready}, counts the warm-up rounds the worker completed before it.
     */
    public record Reply(long id, boolean ready, boolean started, ExecutionResult result, String recycle,
            WarmCounters.Event warm, List<Long> built, Spares spares, RunReport report, long interpreter,
            long refusedCalls, int warmedRounds) {
        public static Reply readyNow(List<Long> built, int warmedRounds) {
            return new Reply(0, true, false, null, null, null, built, null, null, 0, 0, warmedRounds);
        }

        /** The guest code of request {@code id} has started in {@code interpreter}: the server's deadline begins now. */
        public static Reply startedNow(long id, long interpreter) {
            return new Reply(id, false, true, null, null, null, null, null, null, interpreter, 0, 0);
        }

        public static Reply finished(long id, ExecutionResult result, String recycle, WarmCounters.Event warm,
                List<Long> built, Spares spares, long refusedCalls) {
            return new Reply(id, false, false, result, recycle, warm, built, spares, result.report(), 0, refusedCalls,
                    0);
        }

        /** The result with its report attached again. */
        public ExecutionResult fullResult() {
            return result == null || report == null ? result : result.withReport(report);
        }
    }
}
