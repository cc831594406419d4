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
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guest file system's calls to the server's ledger, each a round trip from a worker: writing a small new file
 * takes one reservation (its entry and room for its bytes), not a second for its first write, and its settlement goes
 * with the next call, or at the end of the run.
 */
class GuestLeaseRoundTripsTest {

    @TempDir
    Path workspace;

    private ConfinedFileSystem files(List<String> calls, long room) {
        return files(FakeLedger.granting(calls, room), 1, new Settlements());
    }

    private ConfinedFileSystem files(HostCalls host, long interpreter, Settlements unsent) {
        return new ConfinedFileSystem(new WorkspaceRoot(workspace), Optional.empty(),
                new WorkspaceQuota(1 << 20, 64 << 20, 100, 16), new BridgeLedger(host, () -> "", interpreter, unsent),
                new RunIntake());
    }

    /** A file opened for writing, {@code bytes} written, and left open. */
    private static SeekableByteChannel leftOpen(ConfinedFileSystem files, Path file, byte... bytes) throws IOException {
        SeekableByteChannel channel = files.newByteChannel(file, Set.of(StandardOpenOption.WRITE,
                StandardOpenOption.CREATE));
        channel.write(ByteBuffer.wrap(bytes));
        return channel;
    }

    private static void write(ConfinedFileSystem files, Path file, String text) throws IOException {
        try (SeekableByteChannel channel = files.newByteChannel(file, Set.of(StandardOpenOption.WRITE,
                StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING))) {
            channel.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
        }
    }

    @Test
    void aSmallNewFileTakesOneRoundTripItsSettlementGoesWithTheNext() throws IOException {
        List<String> calls = new ArrayList<>();
        ConfinedFileSystem files = files(calls, Long.MAX_VALUE);
        write(files, workspace.resolve("first.json"), "{\"n\": 1}");
        assertEquals(List.of("reserve"), calls);
        write(files, workspace.resolve("second.json"), "{\"n\": 22}");
        // [lease, bytes, entries, recount]: the first file's 8 bytes and one entry, settled before the second reserves.
        assertEquals(List.of("reserve", "reserve [[1,8,1,0]]"), calls);
        files.sendSettlements();
        files.sendSettlements();
        assertEquals(List.of("reserve", "reserve [[1,8,1,0]]", "settle [[2,9,1,0]]"), calls);
        assertEquals("{\"n\": 22}", Files.readString(workspace.resolve("second.json")));
    }

    @Test
    void aLedgerWithLessRoomStillGrantsTheWritesThatFit() throws IOException {
        // The first reservation asks for room without needing it: granted none, the write reserves what it needs.
        List<String> calls = new ArrayList<>();
        ConfinedFileSystem files = files(calls, 0);
        write(files, workspace.resolve("tight.txt"), "abc");
        files.sendSettlements();
        assertEquals(List.of("reserve", "reserve", "settle [[1,3,1,0]]"), calls);
        assertEquals("abc", Files.readString(workspace.resolve("tight.txt")));
    }

    @Test
    void linesAppendedAndFlushedOneByOneTakeOneReservation() throws IOException {
        Files.writeString(workspace.resolve("log.txt"), "start\n");
        List<String> calls = new ArrayList<>();
        ConfinedFileSystem files = files(calls, Long.MAX_VALUE);
        try (SeekableByteChannel log = files.newByteChannel(workspace.resolve("log.txt"),
                Set.of(StandardOpenOption.WRITE, StandardOpenOption.APPEND))) {
            for (int i = 0; i < 20; i++) {
                log.write(ByteBuffer.wrap(("line " + i + "\n").getBytes(StandardCharsets.UTF_8)));
            }
        }
        files.sendSettlements();
        assertEquals(List.of("reserve", "settle [[1,150,0,0]]"), calls);
    }

    @Test
    void filesLeftOpenSettleWhenTheirInterpreterCloses() throws IOException {
        List<String> calls = new ArrayList<>();
        ConfinedFileSystem files = files(calls, Long.MAX_VALUE);
        leftOpen(files, workspace.resolve("left.txt"), (byte) 1, (byte) 2);
        files.closeChannels();
        assertEquals(List.of("reserve", "settle [[1,2,1,0]]"), calls);
    }

    /**
     * An interpreter closed between runs (a run stopped at its deadline, a session reset or expired) settles its open
     * files, but the worker forwards no call of it then: the settlements wait for the next call of another of the
     * process's interpreters, which the server takes them from (mutation-checked: dropped with the refused call, the
     * leases stayed open until the worker exited).
     */
    @Test
    void settlementsAWorkerDidNotForwardGoWithAnotherInterpretersCall() throws IOException {
        List<String> calls = new ArrayList<>();
        HostCalls server = FakeLedger.granting(calls, Long.MAX_VALUE);
        AtomicBoolean running = new AtomicBoolean(true);
        Settlements process = new Settlements();
        ConfinedFileSystem first = files(FakeLedger.forwardedWhile(running::get, server), 1, process);
        leftOpen(first, workspace.resolve("left.txt"), (byte) 1, (byte) 2);
        running.set(false);
        first.closeChannels();
        assertEquals(List.of("reserve"), calls);
        write(files(server, 2, process), workspace.resolve("next.txt"), "n");
        assertEquals(List.of("reserve", "reserve [[1,2,1,0]]"), calls);
    }

    /**
     * Truncated past its end a file is filled with zeros, as POSIX does (Java's truncate leaves it as it is), and the
     * growth is accounted like written bytes: by position where the channel can write at one, appended in append mode
     * (mutation-checked: without the extension both files stay at their two bytes and settle two).
     */
    @Test
    void aFileTruncatedPastItsEndGrowsWithZerosAndAccountsThem() throws IOException {
        List<String> calls = new ArrayList<>();
        ConfinedFileSystem files = files(calls, Long.MAX_VALUE);
        try (SeekableByteChannel channel = files.newByteChannel(workspace.resolve("hole.bin"),
                Set.of(StandardOpenOption.WRITE, StandardOpenOption.CREATE))) {
            channel.write(ByteBuffer.wrap(new byte[] {'a', 'b'}));
            channel.truncate(6);
            assertEquals(2, channel.position());
        }
        try (SeekableByteChannel channel = files.newByteChannel(workspace.resolve("appended.bin"),
                Set.of(StandardOpenOption.WRITE, StandardOpenOption.CREATE, StandardOpenOption.APPEND))) {
            channel.write(ByteBuffer.wrap(new byte[] {'a', 'b'}));
            channel.truncate(5);
            channel.write(ByteBuffer.wrap(new byte[] {'c'}));
        }
        files.sendSettlements();
        assertEquals(List.of("reserve", "reserve [[1,6,1,0]]", "settle [[2,6,1,0]]"), calls);
        assertEquals("ab\0\0\0\0", Files.readString(workspace.resolve("hole.bin")));
        assertEquals("ab\0\0\0c", Files.readString(workspace.resolve("appended.bin")));
    }
}
