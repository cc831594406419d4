package dev.codeexec.sandbox;

import java.util.List;

/** The messages between the server and a sandbox worker process; every field is plain JSON data. */
final class WorkerMessages {
    private WorkerMessages() {
    }

    /**
     * Run one execution. {@code drop} lists sessions the server has expired or reset since the last
     * request; the worker releases them first. {@code workspace} is the caller's tenant's workspace.
     */
    record Execute(long id, String code, String stdin, long timeoutMs, SessionKey session,
            ExecutionRequest.Reuse reuse, List<SessionKey> drop, String workspace) {
    }

    /** Guest code in the worker calls a host service; the server answers with a {@link BridgeReply}. */
    record BridgeCall(long callId, String service, String method, String args) {
    }

    /** The host's answer to a {@link BridgeCall}: the JSON reply text. */
    record BridgeReply(long callId, String reply) {
    }

    /** Every frame from the server: exactly one field is set. */
    record ToWorker(Execute execute, BridgeReply bridgeReply) {
    }

    /** Every frame from a worker: exactly one field is set. */
    record FromWorker(Reply reply, BridgeCall bridgeCall) {
    }

    /**
     * A worker's answer: {@code ready} once at start, then for each request {@code started} when its
     * guest code begins and finally its result.
     * {@code recycle} asks the server to replace the worker: a guest thread in it ignored cancellation.
     * {@code warm} says, for a run in a caller's warm interpreter, whether it was found and why it was recycled.
     * {@code built} lists how long, in milliseconds, each interpreter built since the previous reply took.
     */
    record Reply(long id, boolean ready, boolean started, ExecutionResult result, boolean recycle,
            WarmCounters.Event warm, List<Long> built) {
        static Reply readyNow(List<Long> built) {
            return new Reply(0, true, false, null, false, null, built);
        }

        /** The guest code of request {@code id} has started: the server's deadline for it begins now. */
        static Reply startedNow(long id) {
            return new Reply(id, false, true, null, false, null, null);
        }

        static Reply finished(long id, ExecutionResult result, boolean recycle, WarmCounters.Event warm,
                List<Long> built) {
            return new Reply(id, false, false, result, recycle, warm, built);
        }
    }
}
