package dev.codeexec.sandbox.engine;

import dev.codeexec.workspace.WorkspaceAccount;
import dev.codeexec.workspace.WorkspaceQuota;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * A guest's writable file: every write that grows the file is checked against the file limit and accounted on
 * the interpreter's reservation before any of its bytes land, so a refused write leaves nothing behind and what came
 * before stays. A file that was deleted or replaced while open asks the ledger for a recount when it closes, since
 * what was written into it afterwards is counted but no longer on disk.
 */
final class LeasedChannel extends ForwardingChannel {

    private final LedgerReservation reservation;
    private final WorkspaceQuota quota;
    private final boolean append;
    private final Path file;
    private final Object fileKey;
    private final java.util.function.Consumer<LeasedChannel> onClose;

    LeasedChannel(SeekableByteChannel delegate, LedgerReservation reservation, WorkspaceQuota quota, boolean append,
            Path file, java.util.function.Consumer<LeasedChannel> onClose) {
        super(delegate);
        this.reservation = reservation;
        this.quota = quota;
        this.append = append;
        this.file = file;
        this.fileKey = key(file);
        this.onClose = onClose;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        long size = delegate.size();
        long end = append ? size + src.remaining() : Math.max(size, delegate.position() + src.remaining());
        if (end > size) {
            quota.checkFileSize(end);
            reservation.grow(end - size);
        }
        if (append) {
            // As O_APPEND: each write goes to the end, and the position follows it. The host channel is open without
            // APPEND (Java refuses it beside READ, and a file opened "a+" must be read back).
            delegate.position(size);
        }
        return delegate.write(src);
    }

    @Override
    public SeekableByteChannel truncate(long size) throws IOException {
        long before = delegate.size();
        if (size < before) {
            WorkspaceAccount.Change change = reservation.open();
            long freed = 0;
            try {
                delegate.truncate(size);
                freed = before - delegate.size();
            } finally {
                change.settle(-freed, 0);
            }
        } else if (size > before) {
            extend(before, size);
        }
        return this;
    }

    /**
     * Fills the file with zeros up to {@code size}, as POSIX truncate and ftruncate do past a file's end (Java's
     * truncate leaves the file as it is): a single byte at the end, the rest a hole. The position stays where it was.
     * Every leased channel writes at a position: one in append mode too, which appends by position ({@link #write}).
     */
    private void extend(long before, long size) throws IOException {
        quota.checkFileSize(size);
        reservation.grow(size - before);
        long at = delegate.position();
        delegate.position(size - 1);
        delegate.write(ByteBuffer.allocate(1));
        delegate.position(at);
    }

    @Override
    public void close() throws IOException {
        try {
            delegate.close();
        } finally {
            onClose.accept(this);
            if (fileKey == null || !Objects.equals(fileKey, key(file))) {
                reservation.recountLater();
            }
        }
    }

    /** The identity of the file now at {@code path}, or null when there is none. */
    private static Object key(Path path) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
        } catch (IOException e) {
            return null;
        }
    }
}
