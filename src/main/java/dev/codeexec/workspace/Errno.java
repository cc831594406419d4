package dev.codeexec.workspace;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
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
        return "EIO";
    }
}
