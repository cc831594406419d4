package dev.codeexec.workspace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.util.Optional;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The one place that decides whether a path lies inside the workspace. Both the sandbox's file
 * system and the workspace tools go through it, so the two can never disagree.
 *
 * <p>Normalizing a string proves nothing about symlinks, so every check resolves the real path:
 * an existing path must have its real path under the root; a path that does not exist yet is
 * judged by the real path of its nearest existing ancestor; a symlink, dangling or not, is judged
 * by its target.
 */
public final class WorkspaceRoot {

    /** Longest path (in characters) accepted relative to the root; longer ones are rejected. */
    public static final int MAX_PATH_CHARS = 1024;
    /** Longest single file name component, as most Linux file systems allow. */
    public static final int MAX_NAME_BYTES = 255;
    private static final int MAX_LINK_HOPS = 40;

    private final Path root;

    public WorkspaceRoot(Path root) {
        try {
            Files.createDirectories(root);
            this.root = root.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create workspace root " + root, e);
        }
    }

    /** The real, absolute path of the root. */
    public Path path() {
        return root;
    }

    /**
     * Resolves {@code candidate} (absolute, or relative to the root) and returns its absolute,
     * normalized form when it is confined to the workspace.
     *
     * @throws PathOutsideWorkspaceException when the path, or what a symlink on it points to, is outside
     */
    public Path confine(Path candidate) {
        Path absolute = normalized(candidate);
        check(absolute, 0);
        return absolute;
    }

    /**
     * As {@link #confine}, but null when nothing is at the path, not even a link: a caller about to read it can answer
     * that there is no such file without asking the disk again (the check has just looked).
     *
     * @throws PathOutsideWorkspaceException when the path, or what a symlink on it points to, is outside
     */
    public Path confineIfPresent(Path candidate) {
        Path absolute = normalized(candidate);
        return check(absolute, 0) ? absolute : null;
    }

    private Path normalized(Path candidate) {
        String text = candidate.toString();
        if (text.indexOf('\0') >= 0) {
            throw new PathOutsideWorkspaceException(text, "contains a NUL byte");
        }
        if (text.length() > MAX_PATH_CHARS) {
            throw new PathOutsideWorkspaceException(text, "is longer than " + MAX_PATH_CHARS + " characters");
        }
        Path absolute = root.resolve(candidate).normalize();
        if (absolute.startsWith(root)) {
            for (Path name : root.relativize(absolute)) {
                if (name.toString().getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
                    throw new PathOutsideWorkspaceException(text, "has a name longer than " + MAX_NAME_BYTES + " bytes");
                }
            }
        }
        return absolute;
    }

    /** True when {@code candidate} is confined, without throwing. */
    public boolean contains(Path candidate) {
        try {
            confine(candidate);
            return true;
        } catch (PathOutsideWorkspaceException e) {
            return false;
        }
    }

    /** Throws unless {@code absolute} is confined; answers whether something (a link too) is at that path. */
    private boolean check(Path absolute, int hops) {
        if (hops > MAX_LINK_HOPS) {
            throw new PathOutsideWorkspaceException(absolute.toString(), "has too many levels of symbolic links");
        }
        if (!absolute.startsWith(root)) {
            throw new PathOutsideWorkspaceException(absolute.toString(), "is outside the workspace");
        }
        try {
            // One lstat answers both questions (a link? there at all?), where isSymbolicLink and exists made two.
            BasicFileAttributes attributes;
            try {
                attributes = lstat(absolute);
            } catch (IOException | SecurityException e) {
                // Neither missing nor readable (a file named as a directory, no search permission): judged by its
                // parent, as when it is missing, and left for the caller's own call to report.
                Path parent = absolute.getParent();
                if (parent != null && !parent.equals(absolute)) {
                    check(parent, hops);
                }
                return true;
            }
            if (attributes != null && attributes.isSymbolicLink()) {
                Path target = Files.readSymbolicLink(absolute);
                check(absolute.resolveSibling(target).normalize(), hops + 1);
                return true;
            }
            if (attributes != null) {
                if (!plainDirectoriesAbove(absolute)) {
                    requireUnderRoot(absolute, absolute.toRealPath());
                }
                return true;
            }
            Path parent = absolute.getParent();
            if (parent != null && !parent.equals(absolute)) {
                check(parent, hops);
            }
            return false;
        } catch (IOException e) {
            throw new PathOutsideWorkspaceException(absolute.toString(), "cannot be resolved");
        }
    }

    /**
     * The real path of {@code confined} (a path {@link #confine} returned, which exists), checked again to be under the
     * root: what it names now, with no link left on it.
     */
    public Path realPath(Path confined) throws IOException {
        Path real = confined.toRealPath();
        requireUnderRoot(confined, real);
        return real;
    }

    /**
     * The directory {@code dir} (absolute, under the root, with no link on it: a {@link #realPath}) opened from the
     * root one name at a time, each relative to the one before and refusing a link there, so that a directory swapped
     * for a link since the path was judged cannot take what is opened through it outside the workspace. Something
     * outside the server can change the workspace meanwhile: a worker's guest is confined, but a worker whose guest
     * got out of the interpreter writes its tenant's workspace, links included. Empty where the platform cannot open
     * relative to a directory; callers then open by path.
     *
     * @throws java.nio.file.FileSystemException when a name on the way is now a link or not a directory
     */
    public Optional<SecureDirectoryStream<Path>> openDirectory(Path dir) throws IOException {
        if (!dir.startsWith(root)) {
            throw new PathOutsideWorkspaceException(dir.toString(), "is outside the workspace");
        }
        DirectoryStream<Path> top = Files.newDirectoryStream(root);
        if (!(top instanceof SecureDirectoryStream<Path> secure)) {
            top.close();
            return Optional.empty();
        }
        SecureDirectoryStream<Path> current = secure;
        try {
            for (Path name : root.relativize(dir)) {
                if (name.toString().isEmpty()) {
                    continue;
                }
                SecureDirectoryStream<Path> next = current.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
                current.close();
                current = next;
            }
            return Optional.of(current);
        } catch (IOException | RuntimeException e) {
            current.close();
            throw e;
        }
    }

    /**
     * True when every directory between the root and {@code absolute} (normalized, under the root, itself no link) is a
     * directory and no link: its real path is then itself, as toRealPath would find, with one lstat for each of those
     * directories where toRealPath takes one for each name from the file system's root (4-5 us here for a file two
     * directories down). Anything else (a link on the way, an error) is left to toRealPath.
     */
    private boolean plainDirectoriesAbove(Path absolute) {
        for (Path directory = absolute.getParent(); directory != null && !directory.equals(root);
                directory = directory.getParent()) {
            if (!directory.startsWith(root)) {
                return false;
            }
            BasicFileAttributes attributes;
            try {
                attributes = lstat(directory);
            } catch (IOException | SecurityException e) {
                return false;
            }
            if (attributes == null || !attributes.isDirectory()) {  // a link is not a directory without following it
                return false;
            }
        }
        return true;
    }

    /**
     * The path's own attributes, not its target's; null when nothing is there. Asked without an exception for a
     * missing path: a NoSuchFileException fills in its stack trace, which under the guest's interpreter is deep.
     */
    private static BasicFileAttributes lstat(Path path) throws IOException {
        return path.getFileSystem().provider().readAttributesIfExists(path, BasicFileAttributes.class,
                LinkOption.NOFOLLOW_LINKS);
    }

    private void requireUnderRoot(Path shown, Path real) {
        if (!real.startsWith(root)) {
            throw new PathOutsideWorkspaceException(shown.toString(), "resolves outside the workspace");
        }
    }
}
