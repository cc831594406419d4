package dev.codeexec.workspace;

import static dev.codeexec.InvalidInputException.echo;

import dev.codeexec.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Turns a caller's path string into a confined absolute path, with a refusal that names the field.
 * Confinement itself is {@link WorkspaceRoot}'s job (real paths, symlinks judged by their target);
 * this class only adds what a remote caller must not send at all: absolute paths, NUL bytes, backslashes (which
 * Linux keeps in a file name while listings show them as separators, so such a file could not be named back), and,
 * for a file to write, a trailing slash.
 */
final class WorkspacePaths {

    private final WorkspaceRoot root;
    private final FileNameEncoding encoding;

    WorkspacePaths(WorkspaceRoot root, FileNameEncoding encoding) {
        this.root = root;
        this.encoding = encoding;
    }

    /** The confined path; {@code allowRoot} lets "." name the workspace itself (listing). */
    Path resolve(String field, String path, boolean allowRoot) {
        if (path == null || path.isEmpty()) {
            throw new InvalidInputException(field, "is required: a path relative to the workspace, e.g. data/out.csv");
        }
        if (path.isBlank()) {
            // A name of spaces alone is legal on Linux, but no caller means it: it made a file nobody could see.
            throw new InvalidInputException(field, "is only whitespace: give a path relative to the workspace, e.g. "
                    + "data/out.csv");
        }
        if (path.indexOf('\0') >= 0) {
            throw new InvalidInputException(field, "must not contain a NUL byte");
        }
        if (path.length() > WorkspaceRoot.MAX_PATH_CHARS) {
            throw new InvalidInputException(field, "is " + path.length() + " characters, longer than the limit of "
                    + WorkspaceRoot.MAX_PATH_CHARS);
        }
        if (path.indexOf('\\') >= 0) {
            throw new InvalidInputException(field, "'" + echo(path) + "' contains a backslash; separate directories "
                    + "with /, e.g. data/out.csv");
        }
        if (path.startsWith("/")) {
            throw new InvalidInputException(field, "'" + echo(path) + "' is absolute; give a path relative to the "
                    + "workspace root");
        }
        if (!encoding.canName(path)) {
            throw new InvalidInputException(field, encoding.refusal(echo(path)));
        }
        Path candidate;
        try {
            candidate = Path.of(path);
        } catch (InvalidPathException e) {
            throw new InvalidInputException(field, "'" + echo(path) + "' is not a valid path: " + e.getReason());
        }
        if (candidate.isAbsolute()) {
            throw new InvalidInputException(field, "'" + echo(path) + "' is absolute; give a path relative to the "
                    + "workspace root");
        }
        Path confined;
        try {
            confined = root.confine(candidate);
        } catch (PathOutsideWorkspaceException e) {
            throw new InvalidInputException(field, "'" + echo(path) + "' " + e.reason());
        }
        if (!allowRoot && confined.equals(root.path())) {
            throw new InvalidInputException(field, "names the workspace root itself; name a file inside it");
        }
        return confined;
    }

    /** A file to write: as {@link #resolve}, and not ending with / (which names a directory). */
    Path resolveFile(String field, String path) {
        if (path != null && path.endsWith("/")) {
            throw new InvalidInputException(field, "'" + echo(path) + "' ends with /, which names a directory; "
                    + "name a file, e.g. " + echo(path) + "out.txt");
        }
        return resolve(field, path, false);
    }

    /**
     * Refuses {@code target} when one of its parents inside the workspace is not a directory: no file can be
     * created, read or deleted under a file.
     */
    void requireDirectoryParents(String field, Path target, String shown) {
        Path at = root.path();
        Path rel = at.relativize(target);
        for (int i = 0; i < rel.getNameCount() - 1; i++) {
            at = at.resolve(rel.getName(i));
            BasicFileAttributes attrs;
            try {
                attrs = Files.readAttributes(at, BasicFileAttributes.class);
            } catch (IOException e) {
                return;
            }
            if (!attrs.isDirectory()) {
                throw new InvalidInputException(field, "'" + echo(shown) + "' cannot be under '" + relative(at)
                        + "', which is a file, not a directory", InvalidInputException.Kind.CONFLICT);
            }
        }
    }

    /** The path as callers see it: relative to the root, with / separators, "." for the root. */
    String relative(Path confined) {
        Path rel = root.path().relativize(confined);
        String text = rel.toString().replace('\\', '/');
        return text.isEmpty() ? "." : text;
    }

    Path root() {
        return root.path();
    }

    WorkspaceRoot workspace() {
        return root;
    }

}
