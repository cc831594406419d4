package dev.codeexec.sandbox;

import dev.codeexec.workspace.PathOutsideWorkspaceException;
import dev.codeexec.workspace.WorkspaceQuota;
import dev.codeexec.workspace.WorkspaceRoot;
import dev.codeexec.workspace.WorkspaceUsage;
import java.io.IOException;
import java.net.URI;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.Charset;
import java.nio.file.AccessMode;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.graalvm.polyglot.io.FileSystem;

/**
 * The guest's view of the disk: the workspace, read-write, the packages directory, read-only, and nothing
 * else. Every path is checked by {@link WorkspaceRoot} on its real path before the host file system sees it.
 * Writes (create, delete, write, attributes, copy target, move, working directory) go through the workspace
 * check alone, so the packages directory is read-only because no write path looks at it, not because each
 * remembers to refuse it; the guest sees the same PermissionError as outside the workspace. Guest code may not create links,
 * so no symlink it could race against a check can appear from inside.
 *
 * <p>Writes obey the {@link WorkspaceQuota}: a write that would break one fails with an {@code OSError}
 * before any of its bytes land.
 *
 * <p>The GraalPy standard library is not reached through here: the context factory wraps this
 * class with {@link FileSystem#allowInternalResourceAccess(FileSystem)}.
 */
final class ConfinedFileSystem implements FileSystem {

    private final FileSystem host = FileSystem.newDefaultFileSystem();
    private final WorkspaceRoot root;
    private final Optional<WorkspaceRoot> packages;
    private final WorkspaceQuota quota;

    ConfinedFileSystem(WorkspaceRoot root, Optional<WorkspaceRoot> packages, WorkspaceQuota quota) {
        this.root = root;
        this.packages = packages;
        this.quota = quota;
    }

    /** A path guest code may change: inside the workspace only. */
    private Path confine(Path path) {
        return root.confine(path);
    }

    /** A path guest code may read: inside the workspace or the packages directory. */
    private Path confineRead(Path path) {
        try {
            return root.confine(path);
        } catch (PathOutsideWorkspaceException e) {
            if (packages.isPresent() && packages.get().contains(absolute(path))) {
                return packages.get().confine(absolute(path));
            }
            throw e;
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
        host.checkAccess(modes.contains(AccessMode.WRITE) ? confine(path) : confineRead(path), modes, linkOptions);
    }

    @Override
    public void createDirectory(Path dir, FileAttribute<?>... attrs) throws IOException {
        host.createDirectory(confine(dir), attrs);
    }

    @Override
    public void delete(Path path) throws IOException {
        Path confined = confine(path);
        if (confined.equals(root.path())) {
            throw new SecurityException("Permission denied: the workspace root cannot be deleted");
        }
        host.delete(confined);
    }

    @Override
    public SeekableByteChannel newByteChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs)
            throws IOException {
        if (!options.contains(StandardOpenOption.WRITE) && !options.contains(StandardOpenOption.APPEND)) {
            return host.newByteChannel(confineRead(path), options, attrs);
        }
        Path confined = confine(path);
        WorkspaceUsage usage = WorkspaceQuota.usage(root.path());
        boolean exists = Files.exists(confined);
        long current = exists ? Files.size(confined) : 0;
        if (!exists && (options.contains(StandardOpenOption.CREATE) || options.contains(StandardOpenOption.CREATE_NEW))) {
            quota.checkNewFile(usage);
        }
        return quota.guard(host.newByteChannel(confined, options, attrs), usage.bytes() - current,
                options.contains(StandardOpenOption.APPEND));
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
        return host.readAttributes(confineRead(path), attributes, options);
    }

    @Override
    public void setAttribute(Path path, String attribute, Object value, LinkOption... options) throws IOException {
        host.setAttribute(confine(path), attribute, value, options);
    }

    @Override
    public void copy(Path source, Path target, CopyOption... options) throws IOException {
        Path from = confineRead(source);
        Path to = confine(target);
        // A copy adds a whole file at once: judge it like a write of that size.
        WorkspaceUsage usage = WorkspaceQuota.usage(root.path());
        if (Files.isRegularFile(from)) {
            boolean exists = Files.exists(to);
            if (!exists) {
                quota.checkNewFile(usage);
            }
            quota.checkSize(Files.size(from), usage.bytes() - (exists ? Files.size(to) : 0));
        }
        host.copy(from, to, options);
    }

    @Override
    public void move(Path source, Path target, CopyOption... options) throws IOException {
        // Straight to NIO: Truffle's default file system refuses ATOMIC_MOVE, which os.replace asks for,
        // and atomic replace is how guest code writes files safely. Both ends are confined first.
        java.nio.file.Files.move(confine(source), confine(target), options);
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
    public boolean isSameFile(Path path1, Path path2, LinkOption... options) throws IOException {
        return host.isSameFile(confineRead(path1), confineRead(path2), options);
    }
}
