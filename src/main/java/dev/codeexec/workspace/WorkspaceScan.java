package dev.codeexec.workspace;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * One walk of a workspace counting its entries (everything under the root: files, directories, links) and the
 * bytes of its regular files, without following links. It fails closed: anything it cannot read (a directory
 * whose permissions were taken away, descriptors run out) stops the walk with an error instead of leaving bytes
 * uncounted. The error names the depth and the kind of failure, never the path, which the caller chose.
 */
final class WorkspaceScan {

    private WorkspaceScan() {
    }

    /** Thrown when part of the tree could not be read. */
    static final class Unreadable extends IOException {
        Unreadable(String message) {
            super(message);
        }
    }

    static WorkspaceUsage walk(Path root) throws IOException {
        long[] totals = new long[2];
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                if (!dir.equals(root)) {
                    totals[0]++;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                totals[0]++;
                if (attrs.isRegularFile()) {
                    totals[1] += attrs.size();
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    // Deleted while we walked: a recount racing a change is discarded by the ledger anyway.
                    return FileVisitResult.CONTINUE;
                }
                throw unreadable(root, file, e);
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null && !(e instanceof NoSuchFileException)) {
                    throw unreadable(root, dir, e);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return new WorkspaceUsage(totals[0], totals[1]);
    }

    private static Unreadable unreadable(Path root, Path where, IOException e) {
        int depth = where.startsWith(root) ? root.relativize(where).getNameCount() : -1;
        return new Unreadable("an entry " + depth + " levels deep could not be read ("
                + e.getClass().getSimpleName() + ")");
    }
}
