package dev.codeexec.workspace;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One directory of a workspace, held open, in which the server's file tools open, rename and delete entries by name
 * without following a link: the directory was reached from the root one name at a time ({@link
 * WorkspaceRoot#openDirectory}), so a directory on the path swapped for a link after the path was judged cannot take
 * the change outside the workspace. Where the platform cannot open relative to a directory, entries are reached by
 * path from the directory's real path, with the last name not followed.
 */
abstract sealed class WorkspaceDirectory implements Closeable {

    /** {@code dir} (confined, existing) as it is now. */
    static WorkspaceDirectory open(WorkspaceRoot root, Path dir) throws IOException {
        Path real = root.realPath(dir);
        Optional<SecureDirectoryStream<Path>> secure = root.openDirectory(real);
        return secure.isPresent() ? new Secure(secure.get()) : new ByPath(real);
    }

    /** The entry {@code name} opened with {@code options}, never through a link. */
    abstract FileChannel channel(Path name, Set<? extends OpenOption> options, FileAttribute<?>... attrs)
            throws IOException;

    /** The attributes of the entry {@code name} itself (a link's own), or null when there is none. */
    abstract BasicFileAttributes attributes(Path name) throws IOException;

    /** Renames {@code from} to {@code to} in this directory atomically, replacing what {@code to} names. */
    abstract void rename(Path from, Path to) throws IOException;

    /** Deletes the entry {@code name}: a file or link, or an empty directory when {@code directory}. */
    abstract void delete(Path name, boolean directory) throws IOException;

    /** The directory {@code name} in this one, held open; refused if it is now a link or no directory. */
    abstract WorkspaceDirectory directory(Path name) throws IOException;

    /** The names of this directory's entries; once per directory held open. */
    abstract List<Path> names() throws IOException;

    static Set<OpenOption> noFollow(Set<? extends OpenOption> options) {
        Set<OpenOption> all = new HashSet<>(options);
        all.add(LinkOption.NOFOLLOW_LINKS);
        return all;
    }

    static FileChannel fileChannel(SeekableByteChannel channel) throws IOException {
        if (channel instanceof FileChannel file) {
            return file;
        }
        channel.close();
        throw new IOException("not a file channel: " + channel.getClass().getName());
    }

    private static final class Secure extends WorkspaceDirectory {
        private final SecureDirectoryStream<Path> dir;

        Secure(SecureDirectoryStream<Path> dir) {
            this.dir = dir;
        }

        @Override
        FileChannel channel(Path name, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
            return fileChannel(dir.newByteChannel(name, noFollow(options), attrs));
        }

        @Override
        BasicFileAttributes attributes(Path name) throws IOException {
            try {
                return dir.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                        .readAttributes();
            } catch (NoSuchFileException e) {
                return null;
            }
        }

        @Override
        void rename(Path from, Path to) throws IOException {
            dir.move(from, dir, to);
        }

        @Override
        void delete(Path name, boolean directory) throws IOException {
            if (directory) {
                dir.deleteDirectory(name);
            } else {
                dir.deleteFile(name);
            }
        }

        @Override
        WorkspaceDirectory directory(Path name) throws IOException {
            return new Secure(dir.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS));
        }

        @Override
        List<Path> names() {
            List<Path> names = new ArrayList<>();
            dir.forEach(entry -> names.add(entry.getFileName()));
            return names;
        }

        @Override
        public void close() throws IOException {
            dir.close();
        }
    }

    private static final class ByPath extends WorkspaceDirectory {
        private final Path dir;

        ByPath(Path dir) {
            this.dir = dir;
        }

        @Override
        FileChannel channel(Path name, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
            return FileChannel.open(dir.resolve(name), noFollow(options), attrs);
        }

        @Override
        BasicFileAttributes attributes(Path name) throws IOException {
            try {
                return Files.readAttributes(dir.resolve(name), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                return null;
            }
        }

        @Override
        void rename(Path from, Path to) throws IOException {
            Files.move(dir.resolve(from), dir.resolve(to), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        }

        @Override
        void delete(Path name, boolean directory) throws IOException {
            Files.delete(dir.resolve(name));
        }

        @Override
        WorkspaceDirectory directory(Path name) throws IOException {
            Path child = dir.resolve(name);
            if (!Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
                throw new java.nio.file.NotDirectoryException(child.toString());
            }
            return new ByPath(child);
        }

        @Override
        List<Path> names() throws IOException {
            try (java.util.stream.Stream<Path> listed = Files.list(dir)) {
                return listed.map(Path::getFileName).toList();
            }
        }

        @Override
        public void close() {
        }
    }
}
