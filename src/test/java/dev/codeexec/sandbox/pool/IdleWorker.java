package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.protocol.FrameCodec;
import dev.codeexec.sandbox.protocol.FrameLimits;
import dev.codeexec.sandbox.protocol.WorkerMessages;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A stand-in worker that says it is ready and does nothing more, for {@link WorkerPlacementTest}: the frame a worker
 * sends when ready, from a file, then it waits until the server closes its channel or kills it. Run by {@code sh}
 * rather than a JVM ({@link FakeWorker}): the placement tests start dozens, and each JVM start took about 0.75 s of CPU
 * from the classes running beside them.
 */
final class IdleWorker {

    private IdleWorker() {
    }

    /** Writes the ready frame into {@code dir}, as a worker's {@link FrameCodec} sends it, and returns its file. */
    static Path readyFrame(Path dir) throws IOException {
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        new FrameCodec(InputStream.nullInputStream(), frame, FrameLimits.TO_WORKER_BYTES)
                .write(new WorkerMessages.FromWorker(WorkerMessages.Reply.readyNow(List.of(), 0), null, null));
        return Files.write(dir.resolve("ready.frame"), frame.toByteArray());
    }

    /**
     * The command: ready after {@code readyAfterMs} (a worker slow to start, as on a loaded machine), and once
     * {@code gate} exists when one is given (a start the test holds until it says), then idle.
     */
    static List<String> command(Path readyFrame, long readyAfterMs, Path gate) {
        StringBuilder script = new StringBuilder();
        if (readyAfterMs > 0) {
            script.append("sleep \"$0\" && ");
        }
        if (gate != null) {
            script.append("while [ ! -e \"$2\" ]; do sleep 0.01; done && ");
        }
        script.append("cat \"$1\" && exec cat > /dev/null");
        return List.of("/bin/sh", "-c", script.toString(), String.format(Locale.ROOT, "%.3f", readyAfterMs / 1000.0),
                readyFrame.toString(), gate == null ? "" : gate.toString());
    }
}
