package dev.codeexec.sandbox.engine;

import dev.codeexec.workspace.OwnerAccess;
import dev.codeexec.workspace.PathOutsideWorkspaceException;
import dev.codeexec.workspace.WorkspaceAccount;
import dev.codeexec.workspace.WorkspaceChanges;
import dev.codeexec.workspace.WorkspaceQuota;
import dev.codeexec.workspace.WorkspaceQuotaException;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.IOException;
import java.net.URI;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.Charset;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.graalvm.polyglot.io.FileSystem;

/**
 * The guest's view of the disk: the workspace, read-write, the packages directory, read-only, {@code /dev/null}
 * ({@link NullDevice}, never the host's), and nothing else. Every path is checked by {@link WorkspaceRoot} on its
 * real path before the host file system sees it.
 * Writes (create, delete, write, attributes, copy target, move, working directory) go through the workspace
 * check alone, so the packages directory is read-only because no write path looks at it, not because each
 * remembers to refuse it; the guest sees the same PermissionError as outside the workspace. Guest code may not create links,
 * so no symlink it could race against a check can appear from inside.
 *
 * <p>Writes obey the {@link WorkspaceQuota}: a write that would break one fails with an {@code OSError}
 * before any of its bytes land. The totals live in the server's workspace ledger, reached through
 * {@link BridgeLedger}: every change draws on the run's reservation there ({@link LedgerReservation}), settled when
 * the run ends. Permission changes that would hide entries from the usage walk, and any on the root, are
 * refused.
 *
 * <p>The workspace's file store, as {@code os.statvfs} and {@code shutil.disk_usage} see it, is its quota: the
 * total is {@code workspace.max-total-bytes}, and what is free is what the ledger would still grant. The host's
 * disks stay unseen; the packages directory is a store with no space, as nothing can be written there.
 *
 * <p>The GraalPy standard library is not reached through here: the context factory wraps this
 * class with {@link FileSystem#allowInternalResourceAccess(FileSystem)}.
 */
final class ConfinedFileSystem implements FileSystem {

    private static final Logger LOG = Logger.getLogger(ConfinedFileSystem.class.getName());

    /** The block size the workspace's file store reports (os.statvfs's f_bsize), as a common Linux disk's. */
    static final long STORE_BLOCK_BYTES = 4096;

    private final FileSystem host = FileSystem.newDefaultFileSystem();
    private final WorkspaceRoot root;
    private final Optional<WorkspaceRoot> packages;
    private final WorkspaceQuota quota;
    private final BridgeLedger ledger;
    /** What the current run read and which files it wrote. */
    private final RunIntake intake;
    /** Writable channels not yet closed: closing the context does not close them. */
    private final Set<LeasedChannel> open = ConcurrentHashMap.newKeySet();
    /** What the interpreter's writes draw on, settled at the end of each run. */
    private final LedgerReservation reservation;
    /** New directories, deletes and moves, accounted on the reservation. */
    private final WorkspaceChanges changes;

    ConfinedFileSystem(WorkspaceRoot root, Optional<WorkspaceRoot> packages, WorkspaceQuota quota, BridgeLedger ledger,
            RunIntake intake) {
        this.root = root;
        this.intake = intake;
        this.packages = packages;
        this.quota = quota;
        this.ledger = ledger;
        this.reservation = new LedgerReservation(ledger);
        this.changes = new WorkspaceChanges(reservation, root.path(), quota);
    }

    WorkspaceRoot root() {
        return root;
    }

    /** A path guest code may change: inside the workspace only. */
    private Path confine(Path path) {
        return root.confine(path);
    }

    /** A path guest code may read: inside the workspace or the packages directory. */
    private Path confineRead(Path path) {
        return confineRead(path, WorkspaceRoot::confine);
    }

    /** As {@link #confineRead}, but null when nothing is at the path (see {@link WorkspaceRoot#confineIfPresent}). */
    private Path confineReadIfPresent(Path path) {
        return confineRead(path, WorkspaceRoot::confineIfPresent);
    }

    /** {@code check} by the workspace, or by the packages directory for a path there. */
    private Path confineRead(Path path, java.util.function.BiFunction<WorkspaceRoot, Path, Path> check) {
        try {
            return check.apply(root, path);
        } catch (PathOutsideWorkspaceException e) {
            if (packages.isPresent() && packages.get().contains(absolute(path))) {
                return check.apply(packages.get(), absolute(path));
            }
            throw e;
        }
    }

    /**
     * "No such file" for a path the confinement check found nothing at, without the stack trace the JDK's own fills
     * in: under the interpreter the Java stack is deep, and filling it in made a missing file's os.stat, os.path.exists
     * or open() cost 15-40 us more than an existing file's (more the deeper the Python stack). GraalPy reads only the
     * type (ENOENT).
     */
    static final class MissingFile extends NoSuchFileException {
        MissingFile(Path path) {
            super(path.toString());
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    /** Relative paths are relative to the guest's working directory, the workspace, never to the packages root. */
    private Path absolute(Path path) {
        return root.path().resolve(path);
    }

    @Override
    public Path parsePath(URI uri) {
        return host.parsePath(uri);
    }

    @Override
    public Path parsePath(String path) {
        return host.parsePath(path);
    }

    @Override
    public void checkAccess(Path path, Set<? extends AccessMode> modes, LinkOption... linkOptions) throws IOException {
        if (isNullDevice(path) && !modes.contains(AccessMode.EXECUTE)) {
            return;
        }
        host.checkAccess(confinedOrRefused(path, modes.contains(AccessMode.WRITE)), modes, linkOptions);
    }

    /** The one path outside the workspace guest code may open: {@link NullDevice} serves it. */
    private boolean isNullDevice(Path path) {
        return NullDevice.is(absolute(path).normalize());
    }

    /** The path confined for writing or for reading, a refusal thrown as {@link #refusal}. */
    private Path confinedOrRefused(Path path, boolean write) throws AccessDeniedException {
        try {
            return write ? confine(path) : confineRead(path);
        } catch (SecurityException e) {
            throw refusal(path, e);
        }
    }

    /**
     * A refusal as an IOException, for the calls where GraalPy lets a SecurityException past every except clause of
     * the guest (os.access, os.unlink, os.rmdir): it turns an IOException into a PermissionError everywhere.
     */
    private static AccessDeniedException refusal(Path path, SecurityException e) {
        return new AccessDeniedException(path.toString(), null, e.getMessage());
    }

    @Override
    public void createDirectory(Path dir, FileAttribute<?>... attrs) throws IOException {
        Path confined = confine(dir);
        Set<PosixFilePermission> permissions = requestedPermissions(attrs);
        requireOwnerAccess(confined, true, permissions);
        changes.createDirectory(confined, permissions);
    }

    @Override
    public void delete(Path path) throws IOException {
        Path confined = confinedOrRefused(path, true);
        if (confined.equals(root.path())) {
            throw new AccessDeniedException(path.toString(), null, "the workspace root cannot be deleted");
        }
        changes.delete(confined);
    }

    @Override
    public SeekableByteChannel newByteChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs)
            throws IOException {
        if (isNullDevice(path)) {
            return new NullDevice();
        }
        if (!options.contains(StandardOpenOption.WRITE) && !options.contains(StandardOpenOption.APPEND)) {
            Path readable = confineReadIfPresent(path);
            if (readable == null) {
                throw new MissingFile(path);
            }
            SeekableByteChannel channel = host.newByteChannel(readable, options, attrs);
            // Only the workspace's files are the run's input (a count, not a guard); the packages directory is code.
            return readable.startsWith(root.path()) ? new CountedReads(channel, intake) : channel;
        }
        Path confined = confine(path);
        intake.touched(confined);
        requireOwnerAccess(confined, false, requestedPermissions(attrs));
        boolean append = options.contains(StandardOpenOption.APPEND);
        if (append) {
            // GraalPy asks for no READ with APPEND ("a+", O_RDWR | O_APPEND), which Java refuses together, and the
            // file read back through the same handle failed with EBADF: opened to read and write, the leased channel
            // appends itself. Python's file objects still refuse to read a file opened "a".
            Set<OpenOption> both = with(options, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
            both.add(StandardOpenOption.READ);
            options = both;
        }
        boolean createNew = options.contains(StandardOpenOption.CREATE_NEW);
        boolean mayCreate = createNew || options.contains(StandardOpenOption.CREATE);
        boolean truncate = options.contains(StandardOpenOption.TRUNCATE_EXISTING) && !append;
        SeekableByteChannel channel;
        if (mayCreate && !Files.exists(confined)) {
            quota.checkDepth(root.path(), confined, 0);
            WorkspaceAccount.Change change = reservation.open();
            int made = 0;
            try {
                change.reserveEntries(1);
                // CREATE_NEW tells us whether this open really made the file, which the entry count needs.
                channel = host.newByteChannel(confined, with(options, StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING), attrs);
                made = 1;
            } catch (FileAlreadyExistsException e) {
                if (createNew) {
                    throw e;
                }
                channel = openExisting(confined, options, attrs, truncate);
            } finally {
                change.settle(0, made);
            }
        } else {
            channel = openExisting(confined, options, attrs, truncate);
        }
        LeasedChannel leased = new LeasedChannel(channel, reservation, quota, append, confined, open::remove);
        open.add(leased);
        return leased;
    }

    /** Closes what guest code left open, once its context is gone, and settles. */
    void closeChannels() {
        for (LeasedChannel channel : List.copyOf(open)) {
            try {
                channel.close();
            } catch (IOException e) {
                // The file is gone; what it wrote settles below all the same.
            }
        }
        sendSettlements();
    }

    /**
     * Settles the run's reservation and sends the ledger what is waiting (at the end of a run, while the server
     * answers it). What the worker does not forward (an interpreter closed between runs) waits for another
     * interpreter's call ({@link Settlements}); a lease the server never hears of again stays open until the worker
     * goes: then the ledger counts the workspace again.
     */
    void sendSettlements() {
        reservation.settleRun();
        try {
            ledger.sendSettlements();
        } catch (IOException e) {
            LOG.log(Level.FINE, "settlements not sent: {0}", e.getMessage());
        }
    }

    /** Opens a file that exists; a truncation is a change of the run's account, which counts the bytes it frees. */
    private SeekableByteChannel openExisting(Path confined, Set<? extends OpenOption> options, FileAttribute<?>[] attrs,
            boolean truncate) throws IOException {
        if (!truncate) {
            return host.newByteChannel(confined, options, attrs);
        }
        WorkspaceAccount.Change change = reservation.open();
        long freed = 0;
        try {
            SeekableByteChannel channel = host.newByteChannel(confined,
                    with(options, null, StandardOpenOption.TRUNCATE_EXISTING), attrs);
            freed = channel.size();
            if (freed > 0) {
                channel.truncate(0);
            }
            return channel;
        } finally {
            change.settle(-freed, 0);
        }
    }

    private static Set<OpenOption> with(Set<? extends OpenOption> options, OpenOption added, OpenOption... removed) {
        Set<OpenOption> result = new HashSet<>(options);
        result.removeAll(List.of(removed));
        if (added != null) {
            result.add(added);
        }
        return result;
    }

    @Override
    public DirectoryStream<Path> newDirectoryStream(Path dir, DirectoryStream.Filter<? super Path> filter)
            throws IOException {
        return host.newDirectoryStream(confineRead(dir), filter);
    }

    @Override
    public Path toAbsolutePath(Path path) {
        return path.isAbsolute() ? path : root.path().resolve(path);
    }

    @Override
    public Path toRealPath(Path path, LinkOption... linkOptions) throws IOException {
        return host.toRealPath(confineRead(path), linkOptions);
    }

    @Override
    public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options) throws IOException {
        if (isNullDevice(path)) {  // a character device's metadata, as os.stat(os.devnull) shows it
            return host.readAttributes(NullDevice.PATH, attributes, options);
        }
        Path readable = confineReadIfPresent(path);
        if (readable == null) {
            throw new MissingFile(path);
        }
        return host.readAttributes(readable, attributes, options);
    }

    @Override
    public void setAttribute(Path path, String attribute, Object value, LinkOption... options) throws IOException {
        Path confined = confine(path);
        if (isPermissions(attribute)) {
            if (confined.equals(root.path())) {
                throw new AccessDeniedException(path.toString(), null, "the workspace root's permissions cannot be "
                        + "changed");
            }
            requireOwnerAccess(confined, Files.isDirectory(confined, LinkOption.NOFOLLOW_LINKS), permissions(value));
        }
        host.setAttribute(confined, attribute, value, options);
    }

    @Override
    public void copy(Path source, Path target, CopyOption... options) throws IOException {
        Path from = confineRead(source);
        Path to = confine(target);
        quota.checkDepth(root.path(), to, 0);
        intake.touched(to);
        // A copy adds a whole file at once: reserve all of it first.
        long size = Files.isRegularFile(from) ? Files.size(from) : 0;
        quota.checkFileSize(size);
        BasicFileAttributes old = attributes(to);
        boolean creates = old == null;
        WorkspaceAccount.Change change = reservation.open();
        long grown = 0;
        boolean copied = false;
        try {
            if (creates) {
                change.reserveEntries(1);
            }
            reservation.grow(size);
            grown = size;
            host.copy(from, to, options);
            copied = true;
        } finally {
            if (copied) {
                change.settle(creates || !old.isRegularFile() ? 0 : -old.size(), creates ? 1 : 0);
            } else {
                // Nothing, or part of a file, may have landed: a recount tells.
                reservation.recountLater();
                change.settle(-grown, 0);
            }
        }
    }

    /**
     * {@code os.rename} and {@code os.replace}, which Truffle's file layer fails (it cannot move atomically): moves
     * {@code source} to {@code target}, both relative to the workspace or absolute inside it, replacing a file or an
     * empty directory there, atomically where the file system can. Returns "" when moved, else the errno name,
     * followed by a space and the reason when the quota refused it; never host details.
     */
    String rename(String source, String target) {
        try {
            move(Path.of(source), Path.of(target), StandardCopyOption.REPLACE_EXISTING);
            return "";
        } catch (WorkspaceQuotaException e) {
            return "EDQUOT " + e.getMessage();
        } catch (IOException e) {
            return Errno.of(e);
        } catch (SecurityException | IllegalArgumentException e) {
            // Outside the workspace (PathOutsideWorkspaceException), or not a path at all.
            return "EPERM";
        }
    }

    @Override
    public void move(Path source, Path target, CopyOption... options) throws IOException {
        Path to = confine(target);
        changes.move(confine(source), to, List.of(options).contains(StandardCopyOption.REPLACE_EXISTING));
        intake.touched(to);
    }

    private static BasicFileAttributes attributes(Path path) throws IOException {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private static boolean isPermissions(String attribute) {
        String name = attribute.substring(attribute.indexOf(':') + 1);
        return name.equals("permissions") || name.equals("mode");
    }

    /** Permissions as Truffle passes them: a set, or a numeric mode. */
    @SuppressWarnings("unchecked")
    private static Set<PosixFilePermission> permissions(Object value) {
        if (value instanceof Set<?> set) {
            return (Set<PosixFilePermission>) set;
        }
        if (value instanceof Number mode) {
            Set<PosixFilePermission> result = EnumSet.noneOf(PosixFilePermission.class);
            PosixFilePermission[] bits = PosixFilePermission.values();
            for (int i = 0; i < bits.length; i++) {
                // OWNER_READ is the highest of the nine bits, OTHERS_EXECUTE the lowest.
                if ((mode.intValue() & (1 << (bits.length - 1 - i))) != 0) {
                    result.add(bits[i]);
                }
            }
            return result;
        }
        throw new SecurityException("Permission denied: unrecognized permissions");
    }

    /** Permissions asked for at creation (os.mkdir's or os.open's mode), or null when none were. */
    private static Set<PosixFilePermission> requestedPermissions(FileAttribute<?>... attrs) {
        for (FileAttribute<?> attr : attrs) {
            if (isPermissions(attr.name())) {
                return permissions(attr.value());
            }
        }
        return null;
    }

    private static void requireOwnerAccess(Path path, boolean directory, Set<PosixFilePermission> permissions)
            throws AccessDeniedException {
        String refusal = permissions == null ? null : OwnerAccess.refusal(directory, permissions);
        if (refusal != null) {
            throw new AccessDeniedException(path.toString(), null, refusal);
        }
    }

    @Override
    public void createLink(Path link, Path existing) {
        throw new SecurityException("Permission denied: links cannot be created in the sandbox");
    }

    @Override
    public void createSymbolicLink(Path link, Path target, FileAttribute<?>... attrs) {
        throw new SecurityException("Permission denied: symbolic links cannot be created in the sandbox");
    }

    @Override
    public Path readSymbolicLink(Path link) throws IOException {
        return host.readSymbolicLink(confineRead(link));
    }

    @Override
    public void setCurrentWorkingDirectory(Path currentWorkingDirectory) {
        if (!confine(currentWorkingDirectory).equals(root.path())) {
            throw new SecurityException("Permission denied: the working directory is the workspace root");
        }
    }

    @Override
    public String getSeparator() {
        return host.getSeparator();
    }

    @Override
    public String getPathSeparator() {
        return host.getPathSeparator();
    }

    @Override
    public String getMimeType(Path path) {
        return null;
    }

    @Override
    public Charset getEncoding(Path path) {
        return null;
    }

    @Override
    public Path getTempDirectory() {
        return root.path();
    }

    @Override
    public long getFileStoreTotalSpace(Path path) throws IOException {
        return inWorkspace(path) ? quota.maxTotalBytes() : 0;
    }

    @Override
    public long getFileStoreUsableSpace(Path path) throws IOException {
        // What this run reserved and has not used yet is still free to it.
        if (!inWorkspace(path)) {
            return 0;
        }
        long used = Math.max(0, ledger.usedBytes() - reservation.unused());
        return Math.max(0, quota.maxTotalBytes() - used);
    }

    @Override
    public long getFileStoreUnallocatedSpace(Path path) throws IOException {
        return getFileStoreUsableSpace(path);
    }

    @Override
    public long getFileStoreBlockSize(Path path) throws IOException {
        inWorkspace(path);
        return STORE_BLOCK_BYTES;
    }

    @Override
    public boolean isFileStoreReadOnly(Path path) throws IOException {
        return !inWorkspace(path);
    }

    /** Whether an existing readable path is in the workspace rather than the packages directory. */
    private boolean inWorkspace(Path path) throws IOException {
        Path confined = confinedOrRefused(path, false);
        host.checkAccess(confined, Set.of());
        return confined.startsWith(root.path());  // confineRead tried the workspace first: no second confinement
    }

    @Override
    public boolean isSameFile(Path path1, Path path2, LinkOption... options) throws IOException {
        return host.isSameFile(confineRead(path1), confineRead(path2), options);
    }
}
