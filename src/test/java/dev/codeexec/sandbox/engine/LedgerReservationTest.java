package dev.codeexec.sandbox.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.codeexec.workspace.WorkspaceQuota;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guest file system's calls to the server's ledger, each a round trip from a worker: a run's files draw on one
 * reservation of bytes and entries, taken at its first write and settled when the run ends.
 */
class LedgerReservationTest {

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
    void smallNewFilesTakeOneReservationSettledWhenTheRunEnds() throws IOException {
        List<String> calls = new ArrayList<>();
        ConfinedFileSystem files = files(calls, Long.MAX_VALUE);
        for (int i = 0; i < 10; i++) {
            write(files, workspace.resolve("f" + i + ".json"), "{\"n\": " + i + "}");
        }
        write(files, workspace.resolve("f0.json"), "{\"n\": 10}");
        assertEquals(List.of("reserve"), calls);
        files.sendSettlements();
        files.sendSettlements();
        // [lease, bytes, entries, recount]: ten files of 8 bytes, one of them rewritten with 9.
        assertEquals(List.of("reserve", "settle [[1,81,10,0]]"), calls);
        assertEquals("{\"n\": 10}", Files.readString(workspace.resolve("f0.json")));
    }

    /**
     * A run's reservation takes entries beyond those it needs only where there is room: past them, each new file asks
     * again (mutation-checked: with entries asked for only while no lease is open, both files' entries were taken
     * beyond the grant, two calls fewer).
     */
    @Test
    void aLedgerWithLessRoomStillGrantsTheWritesThatFit() throws IOException {
        List<String> calls = new ArrayList<>();
        ConfinedFileSystem files = files(calls, 0);
        write(files, workspace.resolve("tight.txt"), "abc");
        write(files, workspace.resolve("tighter.txt"), "d");
        files.sendSettlements();
        // The lease opened; the first file's entry, its 3 bytes; the second's entry, its byte.
        assertEquals(List.of("reserve", "reserve", "reserve", "reserve", "reserve", "settle [[1,4,2,0]]"), calls);
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
        assertEquals(List.of("reserve", "settle [[1,12,2,0]]"), calls);
        assertEquals("ab\0\0\0\0", Files.readString(workspace.resolve("hole.bin")));
        assertEquals("ab\0\0\0c", Files.readString(workspace.resolve("appended.bin")));
    }

    /**
     * A session keeps its files open between runs: what a run wrote settles when it ends, and a later run's truncation
     * (to 4 bytes, the channel's position with it) and write give the net change on that run's lease.
     */
    @Test
    void aFileKeptOpenPastItsRunSettlesEachRunsChange() throws IOException {
        List<String> calls = new ArrayList<>();
        ConfinedFileSystem files = files(calls, Long.MAX_VALUE);
        SeekableByteChannel kept = leftOpen(files, workspace.resolve("kept.txt"), new byte[10]);
        files.sendSettlements();
        kept.truncate(4);
        kept.write(ByteBuffer.wrap(new byte[] {1}));
        kept.close();
        files.sendSettlements();
        assertEquals(List.of("reserve", "settle [[1,10,1,0]]", "reserve", "settle [[2,-5,0,0]]"), calls);
    }

    /**
     * A file deleted under a writer that closes it after its run settled asks for a recount without a lease, as the
     * bytes written into it are counted and no longer on disk (mutation-checked: with the flag dropped when no lease
     * is open, the last call carried nothing).
     */
    @Test
    void aFileDeletedWhileOpenAsksForARecountEvenAfterItsRunSettled() throws IOException {
        List<String> calls = new ArrayList<>();
        ConfinedFileSystem files = files(calls, Long.MAX_VALUE);
        SeekableByteChannel kept = leftOpen(files, workspace.resolve("gone.txt"), (byte) 1, (byte) 2);
        files.sendSettlements();
        Files.delete(workspace.resolve("gone.txt"));
        kept.close();
        files.sendSettlements();
        assertEquals(List.of("reserve", "settle [[1,2,1,0]]", "settle [[0,0,0,1]]"), calls);
    }

    /**
     * The store's free space, as {@code os.statvfs} reports it, counts what the run reserved and has not used as free
     * to it (mutation-checked: without, 65,436 bytes fewer).
     */
    @Test
    void theRunsUnusedReservationIsFreeToIt() throws IOException {
        HostCalls granting = FakeLedger.granting(new ArrayList<>(), Long.MAX_VALUE);
        // The server counts 5,000 bytes of other files, and this run's 64 KiB grant, which its 100 bytes are part of.
        ConfinedFileSystem files = files((owner, service, method, args) -> method.equals("usage")
                ? "{\"result\":{\"bytes\":" + (5000 + (64 << 10)) + "}}"
                : granting.call(owner, service, method, args), 1, new Settlements());
        leftOpen(files, workspace.resolve("a.bin"), new byte[100]);
        assertEquals((64 << 20) - 5000 - 100, files.getFileStoreUsableSpace(workspace));
    }

    /**
     * Directories, deletes and moves are changes of the run's account too, made in the worker: none is a call of its
     * own, and the run settles their net change (a replaced file's bytes freed, a removed entry given back).
     */
    @Test
    void directoriesDeletesAndMovesSettleWithTheRun() throws IOException {
        List<String> calls = new ArrayList<>();
        ConfinedFileSystem files = files(calls, Long.MAX_VALUE);
        files.createDirectory(workspace.resolve("d"));
        write(files, workspace.resolve("d/gone.txt"), "hello");
        files.delete(workspace.resolve("d/gone.txt"));
        write(files, workspace.resolve("a.txt"), "abc");
        write(files, workspace.resolve("b.txt"), "defgh");
        files.move(workspace.resolve("a.txt"), workspace.resolve("d/b.txt"));
        files.move(workspace.resolve("d/b.txt"), workspace.resolve("b.txt"), StandardCopyOption.REPLACE_EXISTING);
        write(files, workspace.resolve("d/k.txt"), "1");
        assertThrows(DirectoryNotEmptyException.class, () -> files.delete(workspace.resolve("d")));
        assertEquals(List.of("reserve"), calls);
        files.sendSettlements();
        // Left: d holding k.txt ("1"), and b.txt holding "abc".
        assertEquals(List.of("reserve", "settle [[1,4,3,0]]"), calls);
        assertEquals("abc", Files.readString(workspace.resolve("b.txt")));
    }

    /**
     * A copy reserves the source's size first: a new target adds it and an entry, a replaced one frees its own bytes,
     * and a copy that failed gives the size back and asks for a recount, as part of a file may have landed.
     */
    @Test
    void aCopyAccountsItsTargetAndAFailedOneAsksForARecount() throws IOException {
        List<String> calls = new ArrayList<>();
        ConfinedFileSystem files = files(calls, Long.MAX_VALUE);
        Files.writeString(workspace.resolve("src.txt"), "12345");
        Files.writeString(workspace.resolve("old.txt"), "abc");
        files.copy(workspace.resolve("src.txt"), workspace.resolve("new.txt"));
        files.copy(workspace.resolve("src.txt"), workspace.resolve("old.txt"), StandardCopyOption.REPLACE_EXISTING);
        files.sendSettlements();
        assertThrows(FileAlreadyExistsException.class,
                () -> files.copy(workspace.resolve("src.txt"), workspace.resolve("new.txt")));
        files.sendSettlements();
        assertEquals(List.of("reserve", "settle [[1,7,1,0]]", "reserve", "settle [[2,0,0,1]]"), calls);
        assertEquals("12345", Files.readString(workspace.resolve("old.txt")));
    }
}
