package dev.codeexec.sandbox.protocol;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.HostBridge;
import dev.codeexec.sandbox.Spares;
import dev.codeexec.sandbox.WarmCounters;
import dev.codeexec.sandbox.engine.BoundedOutput;
import dev.codeexec.sandbox.worker.OutputBatcher;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** The largest frames an honest worker can send fit under the limit the server reads its frames with. */
@Execution(ExecutionMode.CONCURRENT)
class FrameLimitsTest {

    static final int OUTPUT_LIMIT = 1 << 20;
    final FrameCodec codec = new FrameCodec(InputStream.nullInputStream(), OutputStream.nullOutputStream(), 0);

    @Test
    void theLargestBridgeCallFits() throws IOException {
        // The worst ASCII args for escaping: every character a quote, each doubled in the frame.
        String args = "\"".repeat(HostBridge.MAX_ARGS_CHARS);
        byte[] frame = codec.encode(new WorkerMessages.FromWorker(null,
                new WorkerMessages.BridgeCall(Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, "registry", "call_tool", args), null));
        assertTrue(frame.length <= FrameLimits.BRIDGE_CALL_BYTES, frame.length + " > " + FrameLimits.BRIDGE_CALL_BYTES);
        assertTrue(frame.length <= FrameLimits.fromWorker(OUTPUT_LIMIT));
    }

    @Test
    void theLargestBridgeReplyFits() throws IOException {
        // The worst characters for a frame: three bytes each in UTF-8, which JSON leaves unescaped.
        String reply = "\u2028".repeat(HostBridge.MAX_REPLY_CHARS);
        byte[] frame = codec.encode(new WorkerMessages.ToWorker(null,
                new WorkerMessages.BridgeReply(Long.MAX_VALUE, reply), null));
        assertTrue(frame.length <= FrameLimits.TO_WORKER_BYTES, frame.length + " > " + FrameLimits.TO_WORKER_BYTES);
        // And a worker reads it back: Jackson bounds the strings it reads too (20,000,000 characters by default).
        java.io.ByteArrayOutputStream framed = new java.io.ByteArrayOutputStream(frame.length + 4);
        new FrameCodec(InputStream.nullInputStream(), framed, 0).writeEncoded(frame);
        WorkerMessages.ToWorker read = new FrameCodec(new java.io.ByteArrayInputStream(framed.toByteArray()),
                OutputStream.nullOutputStream(), FrameLimits.TO_WORKER_BYTES).read(WorkerMessages.ToWorker.class);
        assertTrue(read.bridgeReply().reply().equals(reply), "the reply arrives whole");
    }

    @Test
    void theLargestResultFits() throws IOException {
        // Control characters are the worst case: each output byte becomes six in the frame.
        BoundedOutput out = new BoundedOutput(OUTPUT_LIMIT);
        BoundedOutput err = new BoundedOutput(OUTPUT_LIMIT);
        byte[] flood = new byte[OUTPUT_LIMIT + 1];
        java.util.Arrays.fill(flood, (byte) 1);
        out.write(flood, 0, flood.length);
        err.write(flood, 0, flood.length);
        // The largest report: every listed file and both spill files with the longest path of control characters.
        String path = "\u0001".repeat(dev.codeexec.workspace.WorkspaceRoot.MAX_PATH_CHARS);
        java.util.List<dev.codeexec.sandbox.ProducedFile> files = Collections.nCopies(
                dev.codeexec.sandbox.ProducedFile.MAX_LISTED, new dev.codeexec.sandbox.ProducedFile(path, Long.MAX_VALUE));
        ExecutionResult result = new ExecutionResult(out.capture().text(), err.capture().text(),
                ExecutionResult.EXIT_KILLED, Long.MAX_VALUE, true, true, path, path,
                new dev.codeexec.sandbox.RunReport(files, 0, false, files.subList(0, 2), new dev.codeexec.sandbox.ContextBytes(
                        Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE), Long.MAX_VALUE,
                        Long.MAX_VALUE));
        byte[] frame = codec.encode(new WorkerMessages.FromWorker(WorkerMessages.Reply.finished(Long.MAX_VALUE, result,
                dev.codeexec.sandbox.engine.InProcessExecutor.HEAP_STUCK, new WarmCounters.Event(false, WarmCounters.Recycle.WORKER_LOST, Integer.MAX_VALUE, Integer.MAX_VALUE),
                Collections.nCopies(64, Long.MAX_VALUE), new Spares(Long.MAX_VALUE, Long.MAX_VALUE), Long.MAX_VALUE), null, null));
        assertTrue(frame.length <= FrameLimits.resultBytes(OUTPUT_LIMIT),
                frame.length + " > " + FrameLimits.resultBytes(OUTPUT_LIMIT));
        assertTrue(frame.length <= FrameLimits.fromWorker(OUTPUT_LIMIT));
    }

    @Test
    void aHugeOutputLimitDoesNotOverflow() {
        assertTrue(FrameLimits.fromWorker(Integer.MAX_VALUE) > FrameLimits.BRIDGE_CALL_BYTES);
        assertTrue(FrameLimits.resultBytes(Integer.MAX_VALUE) > 0);
    }

    @Test
    void theLargestOutputChunkFits() throws IOException {
        byte[] chunk = new byte[OutputBatcher.CHUNK_BYTES];
        byte[] frame = codec.encode(new WorkerMessages.FromWorker(null, null,
                new WorkerMessages.Output(Long.MAX_VALUE, true, chunk)));
        assertTrue(frame.length <= FrameLimits.fromWorker(OUTPUT_LIMIT),
                frame.length + " > " + FrameLimits.fromWorker(OUTPUT_LIMIT));
    }
}
