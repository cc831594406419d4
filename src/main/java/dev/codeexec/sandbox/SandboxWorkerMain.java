package dev.codeexec.sandbox;

import dev.codeexec.workspace.WorkspaceQuota;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.EOFException;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Entry point of a sandbox worker process: a plain JVM (no Quarkus, no CDI) that hosts the same
 * confined interpreters as the in-process executor and serves one execution at a time over its
 * stdin/stdout as {@link FrameCodec} frames. It logs metadata only, to stderr, which the server
 * forwards. The server enforces the hard limits from outside: heap (-Xmx), rlimits, and a kill at
 * the deadline.
 *
 * <p>Arguments: {@code <workspace> <output-limit-bytes> <cancel-grace-ms> <max-file-bytes> <max-total-bytes>
 * <max-files>}: the last three are the workspace quotas guest writes obey.
 */
public final class SandboxWorkerMain {

    private static final Logger LOG = Logger.getLogger(SandboxWorkerMain.class.getName());

    private SandboxWorkerMain() {
    }

    public static void main(String[] args) throws IOException {
        // The protocol owns the real stdout; anything else printing to System.out lands in the log.
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), false);
        System.setOut(System.err);
        FrameCodec codec = new FrameCodec(System.in, protocol);

        SandboxSettings settings = new SandboxSettings(SandboxSettings.Isolation.IN_PROCESS, Path.of(args[0]),
                Integer.parseInt(args[1]), 1, 1, 0, Duration.ofMillis(Long.parseLong(args[2])),
                Integer.MAX_VALUE, Duration.ofDays(3650),
                new SandboxSettings.Worker(0, 0, 0, Duration.ZERO, List.of(), Optional.empty(), Optional.empty()),
                new WorkspaceQuota(Long.parseLong(args[3]), Long.parseLong(args[4]), Integer.parseInt(args[5])));
        WorkspaceRoot workspace = new WorkspaceRoot(settings.workspace());
        try (InProcessExecutor executor = new InProcessExecutor(new SandboxContexts(workspace, settings.quota(), System.err), settings)) {
            executor.awaitWarm();
            codec.write(WorkerMessages.Reply.readyNow());
            serve(codec, executor);
        }
    }

    private static void serve(FrameCodec codec, InProcessExecutor executor) throws IOException {
        while (true) {
            WorkerMessages.Execute request;
            try {
                request = codec.read(WorkerMessages.Execute.class);
            } catch (EOFException e) {
                LOG.info("server closed the channel; worker exiting");
                return;
            }
            if (request.drop() != null) {
                request.drop().forEach(executor::resetSession);
            }
            ExecutionResult result = executor.execute(new ExecutionRequest(request.code(), request.stdin(),
                    Duration.ofMillis(request.timeoutMs()), request.session()));
            LOG.log(Level.FINE, "request {0} done: exit_code={1}", new Object[] {request.id(), result.exitCode()});
            codec.write(new WorkerMessages.Reply(request.id(), false, result, executor.abandonedThreads() > 0));
        }
    }
}
