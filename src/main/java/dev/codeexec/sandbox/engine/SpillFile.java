package dev.codeexec.sandbox.engine;

import dev.codeexec.sandbox.Utf8;
import dev.codeexec.workspace.WorkspaceQuotaException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * One stream's spill file in the caller's workspace, written through the guest's own {@link ConfinedFileSystem}, so
 * it is confined and accounted on the workspace ledger exactly as a guest write is: a write the quota refuses
 * stops the spill, and the partial file is deleted rather than left holding quota nobody asked for. Past
 * {@code capBytes} the rest is dropped and the file says so by its size. Opened with its first block.
 *
 * <p>Written in blocks of {@link #BLOCK_BYTES}: a guest's stdout and stderr are line-buffered, so each line arrives
 * on its own, and each write through the ledger costs the file's size, its position and the write (three system
 * calls). Line by line, that made a print to a spilling stream two to three times as slow as one within the budget.
 * The ledger therefore sees a block at a time, and a refusal stops the spill at the block that met it.
 */
final class SpillFile implements BoundedOutput.Spill {

    private static final int BLOCK_BYTES = 64 << 10;

    private final ConfinedFileSystem fs;
    private final Path root;
    private final String path;
    private final long capBytes;
    private SeekableByteChannel channel;
    /** What the file will hold: the bytes written to it and those waiting in {@link #block}. */
    private long written;
    /** Allocated at the first write: most runs never spill. */
    private byte[] block;
    private int blocked;
    private boolean capped;
    private String refusal;
    private boolean closed;
    /** Whether the file is text, so that its link gives the type the workspace serves it as. */
    private final Utf8.Scan check = new Utf8.Scan();

    /** @param path workspace-relative, {@code .runs/<id>/<stream>.txt} */
    SpillFile(ConfinedFileSystem fs, Path root, String path, long capBytes) {
        this.fs = fs;
        this.root = root;
        this.path = path;
        this.capBytes = capBytes;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        if (closed || refusal != null || length == 0) {
            return;
        }
        int room = (int) Math.min(length, capBytes - written);
        if (room < length) {
            capped = true;
        }
        if (room <= 0) {
            return;
        }
        if (block == null) {
            block = new byte[BLOCK_BYTES];
        }
        written += room;
        check.add(bytes, offset, room);
        while (room > 0 && refusal == null) {
            int n = Math.min(room, BLOCK_BYTES - blocked);
            System.arraycopy(bytes, offset, block, blocked, n);
            blocked += n;
            offset += n;
            room -= n;
            if (blocked == BLOCK_BYTES) {
                drain();
            }
        }
    }

    /** Writes the waiting block to the file. */
    private void drain() {
        if (blocked == 0 || refusal != null) {
            return;
        }
        try {
            if (channel == null) {
                channel = open();
            }
            ByteBuffer buffer = ByteBuffer.wrap(block, 0, blocked);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            blocked = 0;
        } catch (WorkspaceQuotaException e) {
            abandon("the workspace quota has no room: " + e.detail());
        } catch (IOException | RuntimeException e) {
            abandon("the file could not be written (" + e.getClass().getSimpleName() + ")");
        }
    }

    private SeekableByteChannel open() throws IOException {
        Path file = root.resolve(path);
        for (Path dir : java.util.List.of(file.getParent().getParent(), file.getParent())) {
            try {
                fs.createDirectory(dir);
            } catch (FileAlreadyExistsException e) {
                // .runs exists from an earlier run.
            }
        }
        return fs.newByteChannel(file, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
    }

    private void abandon(String why) {
        refusal = why;
        closeChannel();
        Path file = root.resolve(path);
        for (Path gone : java.util.List.of(file, file.getParent())) {
            try {
                fs.delete(gone);
            } catch (IOException | RuntimeException e) {
                // Not there, or the ledger is gone; the spill sweep removes what is left after the TTL.
            }
        }
        written = 0;
        blocked = 0;
        block = null;
    }

    private void closeChannel() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // Settling failed: the ledger recounts when the worker goes.
            }
            channel = null;
        }
    }

    @Override
    public BoundedOutput.Spilled close() {
        if (!closed) {
            closed = true;
            drain();
            closeChannel();
        }
        return refusal != null ? new BoundedOutput.Spilled(null, 0, false, refusal, true)
                : new BoundedOutput.Spilled(written > 0 ? path : null, written, capped, null, check.text());
    }
}
