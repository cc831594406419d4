package dev.codeexec.sandbox.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.codeexec.workspace.WorkspaceQuota;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guest file system's calls to the server's ledger, each a round trip from a worker: writing a small new file
 * takes one reservation (its entry and room for its bytes) and one settlement, not a second reservation for its
 * first write.
 */
class GuestLeaseRoundTripsTest {

    @TempDir
    Path workspace;

    /** A ledger that grants what a reservation needs and up to {@code room} bytes more, and records each call. */
    private static HostCalls ledger(List<String> calls, long room) {
        return (owner, service, method, args) -> {
            calls.add(method);
            if (!method.equals("reserve")) {
                return "{\"result\":{}}";
            }
            long needed = field(args, "needed");
            long granted = needed + Math.min(field(args, "wanted") - needed, room);
            return "{\"result\":{\"lease\":1,\"granted\":" + granted + "}}";
        };
    }

    private static long field(String json, String name) {
        return Long.parseLong(json.replaceAll(".*\"" + name + "\":(\\d+).*", "$1"));
    }

    private ConfinedFileSystem files(List<String> calls, long room) {
        return new ConfinedFileSystem(new WorkspaceRoot(workspace), Optional.empty(),
                new WorkspaceQuota(1 << 20, 64 << 20, 100, 16), new BridgeLedger(ledger(calls, room), () -> "", 1),
                new RunIntake());
    }

    private static void write(ConfinedFileSystem files, Path file, String text) throws IOException {
        try (SeekableByteChannel channel = files.newByteChannel(file, Set.of(StandardOpenOption.WRITE,
                StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING))) {
            channel.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
        }
    }

    @Test
    void aSmallNewFileTakesOneReservationAndOneSettlement() throws IOException {
        List<String> calls = new ArrayList<>();
        write(files(calls, Long.MAX_VALUE), workspace.resolve("small.json"), "{\"n\": 1}");
        assertEquals(List.of("reserve", "settle"), calls);
        assertEquals("{\"n\": 1}", Files.readString(workspace.resolve("small.json")));
    }

    @Test
    void aLedgerWithLessRoomStillGrantsTheWritesThatFit() throws IOException {
        // The first reservation asks for room without needing it: granted none, the write reserves what it needs.
        List<String> calls = new ArrayList<>();
        write(files(calls, 0), workspace.resolve("tight.txt"), "abc");
        assertEquals(List.of("reserve", "reserve", "settle"), calls);
        assertEquals("abc", Files.readString(workspace.resolve("tight.txt")));
    }
}
