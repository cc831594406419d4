package dev.codeexec.workspace;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.CopyOption;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Changes to a workspace's structure (new directories, deletes, moves), each made inside one change of its
 * {@link WorkspaceAccount}, so the account changes exactly as the disk does: the server's ledger for the file tools,
 * a worker's run reservation for guest code. Paths must already be confined to the root.
 */
public final class WorkspaceChanges {

    private final WorkspaceAccount account;
    private final Path root;
    private final WorkspaceQuota quota;

    public WorkspaceChanges(WorkspaceAccount account, Path root, WorkspaceQuota quota) {
        this.account = account;
        this.root = root;
        this.quota = quota;
    }

    public WorkspaceChanges(WorkspaceLedger ledger) {
        this(ledger, ledger.root().path(), ledger.quota());
    }

    /** Creates one directory; {@code permissions} (null for the default) must keep the owner's access. */
    public void createDirectory(Path dir, Set<PosixFilePermission> permissions) throws IOException {
        if (permissions != null && OwnerAccess.refusal(true, permissions) != null) {
            throw new SecurityException(OwnerAccess.refusal(true, permissions));
        }
        quota.checkDepth(root, dir, 0);
        WorkspaceAccount.Change change = account.open();
        int created = 0;
        try {
            change.reserveEntries(1);
            FileAttribute<?>[] attrs = permissions == null ? new FileAttribute<?>[0]
                    : new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(permissions)};
            Files.createDirectory(dir, attrs);
            created = 1;
        } finally {
            change.settle(0, created);
        }
    }

    /**
     * Creates the missing directories above {@code file}, each counted like {@link #createDirectory}; returns how
     * many it made.
     */
    public int createParents(Path file) throws IOException {
        Path parent = file.getParent();
        if (parent == null || !parent.startsWith(root) || Files.isDirectory(parent)) {
            return 0;
        }
        int made = createParents(parent);
        createDirectory(parent, null);
        return made + 1;
    }

    /**
     * Deletes a file, an empty directory or a link. A file's bytes are also cut off its inode after the unlink, so
     * that a handle still open on it (in any worker) cannot keep bytes on disk that the workspace no longer counts.
     *
     * @return the attributes the entry had
     */
    public BasicFileAttributes delete(Path path) throws IOException {
        if (path.equals(root)) {
            throw new SecurityException("Permission denied: the workspace root cannot be deleted");
        }
        WorkspaceAccount.Change change = account.open();
        long freed = 0;
        int removed = 0;
        try {
            BasicFileAttributes attrs = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (attrs.isRegularFile()) {
                try (FileChannel inode = openForCutting(path)) {
                    Files.delete(path);
                    removed = 1;
                    freed = cut(inode, attrs.size());
                }
            } else {
                Files.delete(path);
                removed = 1;
            }
            return attrs;
        } finally {
            change.settle(-freed, -removed);
        }
    }

    /**
     * Deletes the directory {@code dir} (confined) and everything in it, bottom-up, each entry by name in its directory
     * held open from the root without following a link ({@link WorkspaceDirectory}); links are deleted, never followed.
     * A directory on the way swapped for a link meanwhile fails the delete instead of taking it outside the workspace.
     */
    public void deleteTree(WorkspaceRoot workspace, Path dir) throws IOException {
        if (dir.equals(root) || dir.getParent() == null) {
            throw new SecurityException("Permission denied: the workspace root cannot be deleted");
        }
        try (WorkspaceDirectory parent = WorkspaceDirectory.open(workspace, dir.getParent())) {
            deleteTree(parent, dir.getFileName());
        }
    }

    private void deleteTree(WorkspaceDirectory parent, Path name) throws IOException {
        BasicFileAttributes attrs = parent.attributes(name);
        if (attrs == null) {
            return;
        }
        if (attrs.isDirectory()) {
            try (WorkspaceDirectory below = parent.directory(name)) {
                for (Path entry : below.names()) {
                    deleteTree(below, entry);
                }
            }
        }
        delete(parent, name);
    }

    /**
     * As {@link #delete(Path)}, for the entry {@code name} of {@code parent}, a directory held open: the server's file
     * tools delete so, and no directory on the path swapped for a link since it was judged can take the delete (or
     * the cut of the file's bytes) outside the workspace.
     */
    BasicFileAttributes delete(WorkspaceDirectory parent, Path name) throws IOException {
        WorkspaceAccount.Change change = account.open();
        long freed = 0;
        int removed = 0;
        try {
            BasicFileAttributes attrs = parent.attributes(name);
            if (attrs == null) {
                throw new NoSuchFileException(name.toString());
            }
            if (attrs.isRegularFile()) {
                FileChannel inode;
                try {
                    inode = parent.channel(name, Set.of(StandardOpenOption.WRITE));
                } catch (IOException | UnsupportedOperationException e) {
                    inode = null;
                }
                try (FileChannel held = inode) {
                    parent.delete(name, false);
                    removed = 1;
                    freed = cut(held, attrs.size());
                }
            } else {
                parent.delete(name, attrs.isDirectory());
                removed = 1;
            }
            return attrs;
        } finally {
            change.settle(-freed, -removed);
        }
    }

    /**
     * Moves {@code from} to {@code to}, atomically when the file system can; an existing target is replaced only
     * when {@code replace}. The deepest point of a moved directory must stay within the depth limit.
     */
    public void move(Path from, Path to, boolean replace) throws IOException {
        if (from.equals(root) || to.equals(root)) {
            throw new SecurityException("Permission denied: the workspace root cannot be moved or replaced");
        }
        BasicFileAttributes source = Files.readAttributes(from, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        int below = source.isDirectory() && to.getNameCount() > from.getNameCount() ? height(from) : 0;
        quota.checkDepth(root, to, below);
        WorkspaceAccount.Change change = account.open();
        long freed = 0;
        int removed = 0;
        try {
            BasicFileAttributes target = attributes(to);
            boolean sameFile = target != null && Files.isSameFile(from, to);
            try (FileChannel replaced = target != null && target.isRegularFile() && replace && !sameFile
                    ? openForCutting(to) : null) {
                CopyOption[] options = replace ? new CopyOption[] {StandardCopyOption.REPLACE_EXISTING}
                        : new CopyOption[0];
                try {
                    Files.move(from, to, append(options, StandardCopyOption.ATOMIC_MOVE));
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(from, to, options);
                }
                if (target != null && !sameFile) {
                    removed = 1;
                    freed = replaced != null ? cut(replaced, target.size()) : target.isRegularFile() ? target.size() : 0;
                }
            }
        } finally {
            change.settle(-freed, -removed);
        }
    }

    /** How many levels lie under a directory (0 when it is empty). */
    private static int height(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            // The directory itself relativizes to the empty path, whose name count is 1, not 0.
            return all.filter(p -> !p.equals(dir)).mapToInt(p -> dir.relativize(p).getNameCount()).max().orElse(0);
        }
    }

    /** A handle on the file's inode that outlives its name, or null when it cannot be opened for writing. */
    private static FileChannel openForCutting(Path file) {
        try {
            return FileChannel.open(file, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    /** Empties an unlinked inode; returns the bytes freed. */
    private static long cut(FileChannel inode, long sizeBefore) throws IOException {
        if (inode == null) {
            return sizeBefore;
        }
        long size = inode.size();
        inode.truncate(0);
        return size;
    }

    private static BasicFileAttributes attributes(Path path) throws IOException {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private static CopyOption[] append(CopyOption[] options, CopyOption extra) {
        CopyOption[] all = java.util.Arrays.copyOf(options, options.length + 1);
        all[options.length] = extra;
        return all;
    }
}
