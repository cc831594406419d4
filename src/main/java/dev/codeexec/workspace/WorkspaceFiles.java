package dev.codeexec.workspace;

import dev.codeexec.Utf8Boundaries;
import dev.codeexec.InvalidInputException;
import dev.codeexec.InvalidInputException.Kind;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The workspace file tools: atomic writes, ranged reads, listings and deletes, confined by the same
 * {@link WorkspaceRoot} the sandbox uses and accounted on the same {@link WorkspaceLedger} as guest writes, so
 * the two share one quota. Logs carry paths' lengths and sizes only, never contents.
 *
 * <p>A write goes to a temporary file in the target's directory and is renamed over the target, so a
 * reader (which holds one open file throughout) sees the old file or the new one, never a mix, and a
 * write that fails half way (quota, disk) leaves the old file as it was. An append to an existing file is made
 * in place instead, as {@code >>} would: a program holding the file open (a session's log) keeps writing to the
 * file the tools appended to, where a renamed copy would leave its later writes in the replaced one.
 */
public class WorkspaceFiles {

    private static final Logger LOG = Logger.getLogger(WorkspaceFiles.class.getName());
    /** Temporary files of in-flight writes; listings hide them. */
    static final String TEMP_PREFIX = ".codeexec-write-";
    /** Names of temporary files: unguessable, as Files.createTempFile's are. */
    private static final java.security.SecureRandom TEMP_NAMES = new java.security.SecureRandom();
    /** A temporary file's permissions, as Files.createTempFile gives it (and so the file it becomes). */
    private static final FileAttribute<?> OWNER_ONLY = PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rw-------"));

    private final WorkspaceRoot root;
    private final WorkspacePaths paths;
    private final WorkspaceQuota quota;
    private final WorkspaceLedger ledger;
    private final WorkspaceChanges changes;
    private final int maxReadBytes;
    /** A read's page when it names no length. */
    private final int defaultReadBytes;
    private final WorkspaceListing listing;
    /** Serializes the tools' writes and deletes, so two tool writes to one file never interleave. */
    private final ReentrantLock writes = new ReentrantLock();

    /** The tool side of the workspace {@code ledger} accounts, the one ledger every writer to that root shares. */
    WorkspaceFiles(WorkspaceLedger ledger, int maxReadBytes, int defaultReadBytes) {
        this.root = ledger.root();
        this.paths = new WorkspacePaths(root, FileNameEncoding.ofThisJvm());
        this.quota = ledger.quota();
        this.ledger = ledger;
        this.changes = new WorkspaceChanges(ledger);
        this.maxReadBytes = maxReadBytes;
        this.defaultReadBytes = defaultReadBytes;
        this.listing = new WorkspaceListing(paths);
    }

    public WorkspaceRoot root() {
        return root;
    }

    public WorkspaceLedger ledger() {
        return ledger;
    }

    private enum Mode { OVERWRITE, APPEND, CREATE }

    public WriteFileResult write(WriteFileRequest request) {
        Path target = paths.resolveFile("path", request.path());
        try {
            // Depth is the path's limit, whatever the content: refused before anything is decoded or reserved.
            quota.checkDepth(paths.root(), target, 0);
        } catch (WorkspaceQuotaException e) {
            throw new InvalidInputException("path", e.detail());
        }
        byte[] data = decode(request.content(), encoding(request.encoding()));
        Mode mode = mode(request.mode());
        if (data.length > quota.maxFileBytes()) {
            throw new InvalidInputException("content", "is " + data.length + " bytes, over "
                    + WorkspaceQuota.MAX_FILE_BYTES + "=" + quota.maxFileBytes(), Kind.TOO_LARGE);
        }
        writes.lock();
        try {
            paths.requireDirectoryParents("path", target, request.path());
            BasicFileAttributes existing = attributes(target);
            if (existing != null && !existing.isRegularFile()) {
                throw new InvalidInputException("path", "'" + request.path() + "' is a directory, not a file",
                        Kind.CONFLICT);
            }
            if (existing != null && mode == Mode.CREATE) {
                throw new InvalidInputException("path", "'" + request.path() + "' already exists; use mode=overwrite "
                        + "or mode=append", Kind.CONFLICT);
            }
            WriteFileResult result = mode == Mode.APPEND && existing != null && !Files.isSymbolicLink(target)
                    ? appendInPlace(target, existing, data, request.path())
                    : replace(target, existing, data, mode == Mode.APPEND, request.path());
            LOG.log(Level.FINE, "workspace write: mode={0} bytes={1}", new Object[] {mode, result.bytes()});
            return result;
        } catch (WorkspaceQuotaException e) {
            // A workspace holding its most files refuses a new path, whatever its content.
            throw new InvalidInputException(e.getMessage().contains(WorkspaceQuota.MAX_FILES) ? "path" : "content",
                    e.getMessage(), Kind.TOO_LARGE);
        } catch (IOException e) {
            throw new UncheckedIOException("workspace write failed", e);
        } finally {
            writes.unlock();
        }
    }

    /**
     * Builds the new file beside the target and renames it over the target, inside one lease that reserves the
     * growth and the new entry first. Until the rename the old and the new file both exist: the workspace briefly
     * holds up to one file (workspace.max-file-bytes) more than the account, never more after the call.
     */
    private WriteFileResult replace(Path target, BasicFileAttributes existing, byte[] data, boolean append,
            String shown) throws IOException {
        long current = existing == null ? 0 : existing.size();
        long keep = append ? current : 0;
        quota.checkFileSize(keep + data.length);
        changes.createParents(target);
        WorkspaceLedger.Lease lease = ledger.open();
        long grown = 0;
        int made = 0;
        try {
            long growth = Math.max(0, keep + data.length - current);
            lease.reserve(growth, growth, existing == null ? 1 : 0);
            // The new file is made, filled and renamed over the target in the target's directory held open, so a
            // directory on the path swapped for a link meanwhile cannot take the write outside the workspace.
            try (WorkspaceDirectory parent = directory(target.getParent(), "path", shown)) {
                Path temp = Path.of(TEMP_PREFIX + Long.toUnsignedString(TEMP_NAMES.nextLong(), 36) + ".tmp");
                try {
                    MessageDigest sha = sha256();
                    long size;
                    try (FileChannel file = parent.channel(temp, Set.of(StandardOpenOption.WRITE,
                                    StandardOpenOption.CREATE_NEW), OWNER_ONLY);
                            var out = new DigestOutputStream(Channels.newOutputStream(file), sha)) {
                        if (keep > 0) {
                            try (FileChannel old = openToRead(target, "path", shown)) {
                                copyPrefix(old, keep, out);
                            }
                        }
                        out.write(data);
                        out.flush();
                        file.force(true);
                        size = file.size();
                    }
                    parent.rename(temp, target.getFileName());
                    grown = size - current;
                    made = existing == null ? 1 : 0;
                    return new WriteFileResult(paths.relative(target), size, HexFormat.of().formatHex(sha.digest()));
                } finally {
                    if (parent.attributes(temp) != null) {
                        parent.delete(temp, false);
                    }
                }
            }
        } finally {
            lease.settle(grown, made, false);
        }
    }

    /**
     * Appends to the file itself, inside a lease that reserves the growth first. A write that fails half way is
     * cut back off, unless another writer appended after it meanwhile. The result's size and hash are the whole
     * file's just after the append, another writer's appends included.
     */
    private WriteFileResult appendInPlace(Path target, BasicFileAttributes existing, byte[] data, String shown)
            throws IOException {
        quota.checkFileSize(existing.size() + data.length);
        WorkspaceLedger.Lease lease = ledger.open();
        long grown = 0;
        try {
            lease.reserve(data.length, data.length, 0);
            // Opened in its directory held open, never through a link: a link swapped in for the file or a directory on
            // its path since the path was resolved is refused, not followed out of the workspace.
            try (WorkspaceDirectory parent = directory(target.getParent(), "path", shown);
                    FileChannel file = parent.channel(target.getFileName(), Set.of(StandardOpenOption.WRITE,
                            StandardOpenOption.APPEND))) {
                long start = file.size();
                ByteBuffer rest = ByteBuffer.wrap(data);
                try {
                    while (rest.hasRemaining()) {
                        file.write(rest);
                    }
                    file.force(true);
                } catch (IOException e) {
                    if (file.size() == start + rest.position()) {
                        file.truncate(start);
                    }
                    throw e;
                }
                grown = data.length;
                MessageDigest sha = sha256();
                long size = file.size();
                try (var out = new DigestOutputStream(OutputStream.nullOutputStream(), sha);
                        FileChannel whole = parent.channel(target.getFileName(), Set.of(StandardOpenOption.READ))) {
                    copyPrefix(whole, size, out);
                }
                return new WriteFileResult(paths.relative(target), size, HexFormat.of().formatHex(sha.digest()));
            } catch (FileSystemException e) {
                if (e instanceof AccessDeniedException || e instanceof NoSuchFileException) {
                    throw e;
                }
                throw changed("path", shown);
            }
        } finally {
            lease.settle(grown, 0, false);
        }
    }

    /** Copies the first {@code length} bytes of {@code file}: what the lease reserved, even if the file grew since. */
    private static void copyPrefix(FileChannel file, long length, OutputStream out) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
        long position = 0;
        while (position < length) {
            buffer.clear().limit((int) Math.min(buffer.capacity(), length - position));
            int n = file.read(buffer, position);
            if (n < 0) {
                throw new IOException("the file shrank while it was appended to");
            }
            out.write(buffer.array(), 0, n);
            position += n;
        }
    }

    /** {@code dir} (confined) held open as it is now ({@link WorkspaceDirectory}), refused naming the field if it changed. */
    private WorkspaceDirectory directory(Path dir, String field, String shown) throws IOException {
        try {
            return WorkspaceDirectory.open(root, dir);
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(field, "'" + InvalidInputException.echo(shown) + "' does not exist",
                    Kind.NOT_FOUND);
        } catch (PathOutsideWorkspaceException e) {
            throw new InvalidInputException(field, "'" + InvalidInputException.echo(shown) + "' " + e.reason());
        } catch (AccessDeniedException e) {
            throw e;
        } catch (FileSystemException e) {
            throw changed(field, shown);
        }
    }

    public ReadFileResult read(ReadFileRequest request) {
        Path file = paths.resolve("path", request.path(), false);
        boolean utf8 = encoding(request.encoding());
        long offset = request.offset() == null ? 0 : request.offset();
        if (offset < 0) {
            throw new InvalidInputException("offset", "must be 0 or more, got " + offset);
        }
        long length = request.length() == null ? defaultReadBytes : request.length();
        if (length < 0 || length > maxReadBytes) {
            throw new InvalidInputException("length", "must be between 0 and " + maxReadBytes + " bytes "
                    + "(workspace.max-read-bytes), got " + length + "; page through larger files with offset");
        }
        paths.requireDirectoryParents("path", file, request.path());
        requireRegularFile(file, "path", request.path());
        // One open file throughout: the page and the hash come from the same version of the file.
        try (FileChannel channel = openToRead(file, "path", request.path())) {
            long total = channel.size();
            if (offset > total) {
                throw new InvalidInputException("offset", offset + " is past the end of the file (total_bytes="
                        + total + ")");
            }
            int wanted = (int) Math.min(length, total - offset);
            byte[] page = new byte[wanted];
            int got = readFully(channel, page, offset);
            boolean reachesEnd = offset + got >= total;
            int kept = utf8 ? Utf8Page.wholeCharacters(page, got, reachesEnd) : got;
            if (utf8 && kept == 0 && got > 0) {
                int needed = Utf8Boundaries.firstCharacterBytes(page);
                if (needed == 0) {
                    Utf8Page.decode(page, got, offset); // refuses: the offset is inside a character, or not UTF-8
                }
                throw new InvalidInputException("length", length + " bytes cannot hold the whole UTF-8 character "
                        + "at offset " + offset + "; it takes " + needed + " bytes");
            }
            String content = utf8 ? Utf8Page.decode(page, kept, offset)
                    : Base64.getEncoder().encodeToString(kept == page.length ? page : Arrays.copyOf(page, kept));
            return new ReadFileResult(paths.relative(file), content, kept, total, hash(channel),
                    offset + kept >= total);
        } catch (IOException e) {
            throw new UncheckedIOException("workspace read failed", e);
        }
    }

    /**
     * A whole file, for reading as an MCP resource; one no larger than {@code workspace.max-read-bytes}, checked as
     * {@link #read} checks a path.
     */
    public WorkspaceResource readWhole(String path) {
        Path file = paths.resolve("uri", path, false);
        paths.requireDirectoryParents("uri", file, path);
        requireRegularFile(file, "uri", path);
        try (FileChannel channel = openToRead(file, "uri", path)) {
            long total = channel.size();
            if (total > maxReadBytes) {
                throw new InvalidInputException("uri", "'" + path + "' is " + total + " bytes, over the limit of "
                        + maxReadBytes + " bytes for one read (workspace.max-read-bytes); read it in pages with "
                        + "read_workspace_file", Kind.TOO_LARGE);
            }
            byte[] bytes = new byte[(int) total];
            int got = readFully(channel, bytes, 0);
            byte[] whole = got == bytes.length ? bytes : Arrays.copyOf(bytes, got);
            return new WorkspaceResource(paths.relative(file), Utf8Page.strict(whole), whole);
        } catch (IOException e) {
            throw new UncheckedIOException("workspace read failed", e);
        }
    }

    public ListFilesResult list(ListFilesRequest request) {
        return listing.list(request);
    }

    public DeleteFileResult delete(String path) {
        Path target = paths.resolve("path", path, false);
        writes.lock();
        try {
            paths.requireDirectoryParents("path", target, path);
            BasicFileAttributes attrs;
            try (WorkspaceDirectory parent = directory(target.getParent(), "path", path)) {
                attrs = changes.delete(parent, target.getFileName());
            }
            return new DeleteFileResult(paths.relative(target), WorkspaceListing.type(attrs), true);
        } catch (NoSuchFileException e) {
            throw new InvalidInputException("path", "'" + path + "' does not exist", Kind.NOT_FOUND);
        } catch (DirectoryNotEmptyException e) {
            throw new InvalidInputException("path", "'" + path + "' is a directory that is not empty; delete its "
                    + "files first", Kind.CONFLICT);
        } catch (IOException e) {
            throw new UncheckedIOException("workspace delete failed", e);
        } finally {
            writes.unlock();
        }
    }

    /** Current usage against the quotas, as the ledger accounts it (files and directories counted together). */
    public WorkspaceSummary summary() {
        WorkspaceUsage usage = ledger.usage();
        return new WorkspaceSummary(usage.entries(), usage.bytes(), quota.maxFiles(), quota.maxFileBytes(),
                quota.maxTotalBytes());
    }

    /**
     * Opens {@code file} (confined, judged a regular file) to read as it is now: by its real path, through its directory
     * opened from the root without following a link ({@link WorkspaceRoot#openDirectory}), and refused if the file
     * itself is now a link or no regular file. Judging the path and then opening it by name let a directory on it,
     * swapped for a link out of the workspace in between, hand the caller a file outside.
     */
    private FileChannel openToRead(Path file, String field, String shown) throws IOException {
        Path real;
        try {
            real = root.realPath(file);
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(field, "'" + InvalidInputException.echo(shown) + "' does not exist",
                    Kind.NOT_FOUND);
        } catch (PathOutsideWorkspaceException e) {
            throw new InvalidInputException(field, "'" + InvalidInputException.echo(shown) + "' " + e.reason());
        }
        try (WorkspaceDirectory parent = directory(real.getParent(), field, shown)) {
            BasicFileAttributes attrs = parent.attributes(real.getFileName());
            if (attrs == null) {
                throw new InvalidInputException(field, "'" + InvalidInputException.echo(shown) + "' does not exist",
                        Kind.NOT_FOUND);
            }
            if (!attrs.isRegularFile()) {
                throw changed(field, shown);
            }
            return parent.channel(real.getFileName(), Set.of(StandardOpenOption.READ));
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(field, "'" + InvalidInputException.echo(shown) + "' does not exist",
                    Kind.NOT_FOUND);
        } catch (AccessDeniedException e) {
            throw e;
        } catch (FileSystemException e) {
            throw changed(field, shown);
        }
    }

    private static InvalidInputException changed(String field, String shown) {
        return new InvalidInputException(field, "'" + InvalidInputException.echo(shown) + "' changed while it was "
                + "opened (a directory on it, or the file, is now a link or something else); send the call again",
                Kind.CONFLICT);
    }

    private void requireRegularFile(Path file, String field, String shown) {
        BasicFileAttributes attrs = attributes(file);
        if (attrs == null) {
            throw new InvalidInputException(field, "'" + shown + "' does not exist", Kind.NOT_FOUND);
        }
        if (!attrs.isRegularFile()) {
            throw new InvalidInputException(field, "'" + shown + "' is a directory; use list_workspace_files");
        }
    }

    private static BasicFileAttributes attributes(Path path) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** True for utf-8, false for base64. */
    private static boolean encoding(String encoding) {
        String e = encoding == null ? "utf-8" : encoding.toLowerCase(Locale.ROOT);
        return switch (e) {
            case "utf-8", "utf8" -> true;
            case "base64" -> false;
            default -> throw new InvalidInputException("encoding", "must be utf-8 or base64, got '"
                    + InvalidInputException.echo(encoding) + "'");
        };
    }

    private static Mode mode(String mode) {
        String m = mode == null ? "overwrite" : mode.toLowerCase(Locale.ROOT);
        return switch (m) {
            case "overwrite" -> Mode.OVERWRITE;
            case "append" -> Mode.APPEND;
            case "create" -> Mode.CREATE;
            default -> throw new InvalidInputException("mode", "must be overwrite, append or create, got '"
                    + InvalidInputException.echo(mode) + "'");
        };
    }

    private static byte[] decode(String content, boolean utf8) {
        if (content == null) {
            throw new InvalidInputException("content", "is required (an empty string writes an empty file)");
        }
        if (utf8) {
            return content.getBytes(StandardCharsets.UTF_8);
        }
        try {
            // Line breaks are tolerated; anything else outside the alphabet is an error, not silently skipped.
            return Base64.getDecoder().decode(content.replaceAll("[\\r\\n]", ""));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("content", "is not valid base64: " + e.getMessage());
        }
    }

    private static int readFully(FileChannel channel, byte[] into, long offset) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(into);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, offset + buffer.position()) < 0) {
                break;
            }
        }
        return buffer.position();
    }

    private static String hash(FileChannel channel) throws IOException {
        MessageDigest sha = sha256();
        ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
        long position = 0;
        int n;
        while ((n = channel.read(buffer.clear(), position)) > 0) {
            sha.update(buffer.flip());
            position += n;
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
