package dev.codeexec.workspace;

import dev.codeexec.InvalidInputException;
import dev.codeexec.InvalidInputException.Kind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.PatternSyntaxException;

/** Sorted, paged directory listings. Symlinks are listed, never followed. */
final class WorkspaceListing {

    static final int DEFAULT_LIMIT = ListFilesRequest.DEFAULT_LIMIT;
    static final int MAX_LIMIT = ListFilesRequest.MAX_LIMIT;
    /** Entries a listing may walk; a tree of millions of empty directories must not exhaust the heap. */
    static final int MAX_SCAN = 100_000;

    private final WorkspacePaths paths;

    WorkspaceListing(WorkspacePaths paths) {
        this.paths = paths;
    }

    ListFilesResult list(ListFilesRequest request) {
        String shown = request.path() == null || request.path().isEmpty() ? "." : request.path();
        Path dir = paths.resolve("path", shown, true);
        int limit = request.limit() == null ? DEFAULT_LIMIT : request.limit();
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidInputException("limit", "must be between 1 and " + MAX_LIMIT + ", got " + limit);
        }
        int offset = request.offset() == null ? 0 : request.offset();
        if (offset < 0) {
            throw new InvalidInputException("offset", "must be 0 or more, got " + offset);
        }
        PathMatcher matcher = matcher(request.pattern());
        if (!Files.isDirectory(dir)) {
            throw Files.exists(dir)
                    ? new InvalidInputException("path", "'" + shown + "' is a file; use read_workspace_file")
                    : new InvalidInputException("path", "'" + shown + "' does not exist", Kind.NOT_FOUND);
        }
        List<ListFilesResult.Entry> matching = new ArrayList<>();
        boolean recursive = Boolean.TRUE.equals(request.recursive());
        // Each directory is opened in the one above it, held open, without following a link: walking by path, a
        // directory swapped for a link after it was judged one listed what the link pointed to, outside.
        try (WorkspaceDirectory top = WorkspaceDirectory.open(paths.workspace(), dir)) {
            new Walk(matcher, recursive, matching, shown).directory(top, dir, 1);
        } catch (NoSuchFileException e) {
            throw new InvalidInputException("path", "'" + shown + "' does not exist", Kind.NOT_FOUND);
        } catch (PathOutsideWorkspaceException e) {
            throw new InvalidInputException("path", "'" + shown + "' " + e.reason());
        } catch (AccessDeniedException e) {
            throw new UncheckedIOException("workspace listing failed", e);
        } catch (FileSystemException e) {
            throw new InvalidInputException("path", "'" + shown + "' changed while it was listed (a directory on it is "
                    + "now a link or something else); send the call again", Kind.CONFLICT);
        } catch (IOException e) {
            throw new UncheckedIOException("workspace listing failed", e);
        }
        matching.sort(Comparator.comparing(ListFilesResult.Entry::path));
        List<ListFilesResult.Entry> page = offset >= matching.size() ? List.of()
                : List.copyOf(matching.subList(offset, Math.min(matching.size(), offset + limit)));
        return new ListFilesResult(paths.relative(dir), page, matching.size(), offset, limit);
    }

    /** Deeper than any workspace is allowed to nest (workspace.max-depth); past it a listing is refused. */
    static final int MAX_LEVELS = 256;

    /** One listing's walk: entries in each directory's order, each directory held open while its entries are read. */
    private final class Walk {
        private final PathMatcher matcher;
        private final boolean recursive;
        private final List<ListFilesResult.Entry> matching;
        private final String shown;
        private long seen;

        Walk(PathMatcher matcher, boolean recursive, List<ListFilesResult.Entry> matching, String shown) {
            this.matcher = matcher;
            this.recursive = recursive;
            this.matching = matching;
            this.shown = shown;
        }

        void directory(WorkspaceDirectory directory, Path at, int level) throws IOException {
            for (Path name : directory.names()) {
                if (++seen > MAX_SCAN + 1L) {
                    return;
                }
                if (matching.size() >= MAX_SCAN) {
                    throw new InvalidInputException("path", "'" + shown + "' holds more than " + MAX_SCAN
                            + " entries; list a subdirectory or without recursive");
                }
                BasicFileAttributes attrs = directory.attributes(name);
                if (attrs == null) {
                    // Deleted between the read of the directory and this look: not part of the listing.
                    continue;
                }
                Path p = at.resolve(name);
                if (!name.toString().startsWith(WorkspaceFiles.TEMP_PREFIX)
                        && (matcher == null || matcher.matches(name))) {
                    matching.add(entry(p, attrs));
                }
                if (recursive && attrs.isDirectory()) {
                    if (level >= MAX_LEVELS) {
                        throw new InvalidInputException("path", "'" + shown + "' nests deeper than " + MAX_LEVELS
                                + " levels; list a subdirectory");
                    }
                    WorkspaceDirectory below;
                    try {
                        below = directory.directory(name);
                    } catch (NoSuchFileException | java.nio.file.NotDirectoryException e) {
                        continue;
                    } catch (FileSystemException e) {
                        // Now a link (O_NOFOLLOW): listed as it was seen, never followed.
                        continue;
                    }
                    try (below) {
                        directory(below, p, level + 1);
                    }
                }
            }
        }
    }

    private ListFilesResult.Entry entry(Path p, BasicFileAttributes attrs) {
        return new ListFilesResult.Entry(paths.relative(p), type(attrs), attrs.isRegularFile() ? attrs.size() : 0,
                attrs.lastModifiedTime().toInstant().truncatedTo(ChronoUnit.MILLIS).toString());
    }

    static String type(BasicFileAttributes attrs) {
        if (attrs.isSymbolicLink()) {
            return "symlink";
        }
        return attrs.isDirectory() ? "dir" : attrs.isRegularFile() ? "file" : "other";
    }

    private static PathMatcher matcher(String pattern) {
        if (pattern == null || pattern.isEmpty()) {
            return null;
        }
        if (pattern.indexOf('\0') >= 0 || pattern.length() > ListFilesRequest.MAX_PATTERN) {
            throw new InvalidInputException("pattern", "must be a glob of at most " + ListFilesRequest.MAX_PATTERN
                    + " characters without NUL bytes");
        }
        try {
            return FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        } catch (PatternSyntaxException e) {
            throw new InvalidInputException("pattern", "is not a valid glob: " + e.getDescription());
        }
    }
}
