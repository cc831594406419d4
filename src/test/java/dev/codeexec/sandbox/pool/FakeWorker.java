package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.protocol.FrameCodec;
import dev.codeexec.sandbox.protocol.FrameLimits;
import dev.codeexec.sandbox.protocol.WorkerMessages;
import java.io.DataOutputStream;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A stand-in worker process for {@link WorkerProcessProtocolTest}: speaks the real frame protocol on stdin/stdout and
 * breaks it in the way its one argument names, or serves two executions at once in the way it names, then waits until
 * the server kills it or closes the channel. (The placement tests' workers, which only say they are ready, are
 * {@link IdleWorker}.)
 */
public final class FakeWorker {

    private FakeWorker() {
    }

    /**
     * The command that starts a fake worker running {@code script}. A fake lives for a moment and runs hardly any
     * code: C1 alone and the serial collector start it in about two thirds of the CPU time (measured: 0.75 s against
     * 1.2 s a start).
     */
    static List<String> command(String... script) {
        // A worker's classpath and the test classes: the test JVM's own (300-odd jars) made each start slower.
        String classpath = Path.of("target", "test-classes").toAbsolutePath() + File.pathSeparator
                + WorkerClasspath.found();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", classpath, FakeWorker.class.getName()));
        command.addAll(List.of(script));
        return command;
    }

    public static void main(String[] args) throws IOException {
        FileOutputStream stdout = new FileOutputStream(FileDescriptor.out);
        FrameCodec codec = new FrameCodec(System.in, stdout, FrameLimits.TO_WORKER_BYTES);
        codec.write(new WorkerMessages.FromWorker(WorkerMessages.Reply.readyNow(List.of(), 0), null, null));
        switch (args[0]) {
            case "bridge-while-idle" -> {
                codec.write(bridgeCall(1, 0, 0));
                serveHonestly(codec);
            }
            case "output-while-idle" -> codec.write(new WorkerMessages.FromWorker(null, null,
                    new WorkerMessages.Output(1, false, "stale".getBytes(java.nio.charset.StandardCharsets.UTF_8))));
            case "result-for-another-execution" -> {
                WorkerMessages.Execute execute = codec.read(WorkerMessages.ToWorker.class).execute();
                codec.write(new WorkerMessages.FromWorker(WorkerMessages.Reply.startedNow(execute.id(), INTERPRETER),
                        null, null));
                ExecutionResult forged = new ExecutionResult("someone else's output", "", 0, 1, false, false);
                codec.write(new WorkerMessages.FromWorker(
                        WorkerMessages.Reply.finished(execute.id() + 1, forged, null, null, List.of(), null, 0), null, null));
            }
            case "bridge-from-other-interpreters" -> {
                WorkerMessages.Execute execute = codec.read(WorkerMessages.ToWorker.class).execute();
                codec.write(new WorkerMessages.FromWorker(WorkerMessages.Reply.startedNow(execute.id(), INTERPRETER),
                        null, null));
                // Another interpreter in the same worker, then one naming an execution that is not running.
                codec.write(bridgeCall(1, execute.id(), INTERPRETER + 1));
                codec.write(bridgeCall(2, execute.id() + 1, INTERPRETER));
                codec.write(bridgeCall(3, execute.id(), INTERPRETER));
                String answer = codec.read(WorkerMessages.ToWorker.class).bridgeReply().reply();
                codec.write(new WorkerMessages.FromWorker(WorkerMessages.Reply.finished(execute.id(),
                        new ExecutionResult(answer, "", 0, 1, false, false), null, null, List.of(), null, 0), null, null));
            }
            case "bridge-after-result" -> {
                long id = serveHonestly(codec);
                codec.write(bridgeCall(2, id, INTERPRETER));
            }
            case "oversized-result" -> {
                WorkerMessages.Execute execute = codec.read(WorkerMessages.ToWorker.class).execute();
                codec.write(new WorkerMessages.FromWorker(WorkerMessages.Reply.startedNow(execute.id(), INTERPRETER),
                        null, null));
                // Only the length prefix: a reader that waited for the body would wait forever.
                DataOutputStream raw = new DataOutputStream(stdout);
                raw.writeInt(Integer.parseInt(args[1]) + 1);
                raw.flush();
            }
            case "two-out-of-order" -> {
                // Both in flight before either is answered; the second sent finishes first.
                WorkerMessages.Execute first = codec.read(WorkerMessages.ToWorker.class).execute();
                WorkerMessages.Execute second = codec.read(WorkerMessages.ToWorker.class).execute();
                codec.write(started(first, INTERPRETER));
                codec.write(started(second, INTERPRETER + 1));
                codec.write(finished(second, second.code()));
                codec.write(finished(first, first.code()));
            }
            case "bridge-two-at-once" -> {
                WorkerMessages.Execute first = codec.read(WorkerMessages.ToWorker.class).execute();
                WorkerMessages.Execute second = codec.read(WorkerMessages.ToWorker.class).execute();
                codec.write(started(first, INTERPRETER));
                codec.write(started(second, INTERPRETER + 1));
                codec.write(bridgeCall(1, first.id(), INTERPRETER));
                // The first's interpreter naming the second execution: it must never act for the second's caller.
                codec.write(bridgeCall(2, second.id(), INTERPRETER));
                codec.write(bridgeCall(3, second.id(), INTERPRETER + 1));
                java.util.Map<Long, String> answers = new java.util.HashMap<>();
                while (answers.size() < 2) {
                    WorkerMessages.BridgeReply reply = codec.read(WorkerMessages.ToWorker.class).bridgeReply();
                    answers.put(reply.callId(), reply.reply());
                }
                codec.write(finished(first, answers.get(1L)));
                codec.write(finished(second, answers.get(3L)));
            }
            case "started-then-silence" -> {
                // Started, and never finished: a guest stuck in a builtin, past its deadline.
                codec.write(started(codec.read(WorkerMessages.ToWorker.class).execute(), INTERPRETER));
            }
            case "honest" -> serveHonestly(codec);
            case "two-then-silence" -> {
                // Both started, neither ever finishes: the server kills the worker at a deadline.
                WorkerMessages.Execute first = codec.read(WorkerMessages.ToWorker.class).execute();
                WorkerMessages.Execute second = codec.read(WorkerMessages.ToWorker.class).execute();
                codec.write(started(first, INTERPRETER));
                codec.write(started(second, INTERPRETER + 1));
            }
            default -> throw new IllegalArgumentException("unknown script " + args[0]);
        }
        while (System.in.read() != -1) {
            // Waits for the server to kill it, or to close the channel.
        }
    }

    /** The interpreter the fake says runs every execution. */
    static final long INTERPRETER = 5;

    /** One execution as an honest worker runs it: a bridge call from its interpreter, whose answer is the output. */
    private static long serveHonestly(FrameCodec codec) throws IOException {
        WorkerMessages.Execute execute = codec.read(WorkerMessages.ToWorker.class).execute();
        codec.write(new WorkerMessages.FromWorker(WorkerMessages.Reply.startedNow(execute.id(), INTERPRETER), null,
                null));
        codec.write(bridgeCall(1, execute.id(), INTERPRETER));
        String answer = codec.read(WorkerMessages.ToWorker.class).bridgeReply().reply();
        codec.write(new WorkerMessages.FromWorker(WorkerMessages.Reply.finished(execute.id(),
                new ExecutionResult(answer, "", 0, 1, false, false), null, null, List.of(), null, 0), null, null));
        return execute.id();
    }

    private static WorkerMessages.FromWorker started(WorkerMessages.Execute execute, long interpreter) {
        return new WorkerMessages.FromWorker(WorkerMessages.Reply.startedNow(execute.id(), interpreter), null, null);
    }

    private static WorkerMessages.FromWorker finished(WorkerMessages.Execute execute, String stdout) {
        return new WorkerMessages.FromWorker(WorkerMessages.Reply.finished(execute.id(),
                new ExecutionResult(stdout, "", 0, 1, false, false), null, null, List.of(), null, 0), null, null);
    }

    private static WorkerMessages.FromWorker bridgeCall(long callId, long execution, long interpreter) {
        return new WorkerMessages.FromWorker(null,
                new WorkerMessages.BridgeCall(callId, execution, interpreter, "echo", "echo", "{}"), null);
    }
}
