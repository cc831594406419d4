package dev.codeexec.sandbox.engine;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** A host failure as the errno name guest code sees, never with host details. */
final class Errno {

    private Errno() {
    }

    static String of(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "ENOENT";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "EEXIST";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "ENOTEMPTY";
        }
        if (e instanceof NotDirectoryException) {
            return "ENOTDIR";
        }
        if (e instanceof AccessDeniedException) {
            return "EACCES";
        }
        // Java names only some errors by type; the rest by the system's reason (a rename over a directory that holds
        // something, a directory over a file).
        if (e instanceof FileSystemException failed && failed.getReason() != null) {
            return switch (failed.getReason()) {
                case "Directory not empty" -> "ENOTEMPTY";
                case "Not a directory" -> "ENOTDIR";
                case "Is a directory" -> "EISDIR";
                default -> "EIO";
            };
        }
        return "EIO";
    }
}
