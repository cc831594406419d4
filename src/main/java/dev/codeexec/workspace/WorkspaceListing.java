package dev.codeexec.workspace;

import dev.codeexec.InvalidInputException;
import dev.codeexec.InvalidInputException.Kind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Stream;

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
        try (Stream<Path> walk = Files.walk(dir, recursive ? Integer.MAX_VALUE : 1)) {
            walk.skip(1).limit(MAX_SCAN + 1L).forEach(p -> {
                if (matching.size() >= MAX_SCAN) {
                    throw new InvalidInputException("path", "'" + shown + "' holds more than " + MAX_SCAN
                            + " entries; list a subdirectory or without recursive");
                }
                String name = p.getFileName().toString();
                if (!name.startsWith(WorkspaceFiles.TEMP_PREFIX) && (matcher == null || matcher.matches(p.getFileName()))) {
                    entry(p).ifPresent(matching::add);
                }
            });
        } catch (NoSuchFileException e) {
            throw new InvalidInputException("path", "'" + shown + "' does not exist", Kind.NOT_FOUND);
        } catch (IOException e) {
            throw new UncheckedIOException("workspace listing failed", e);
        }
        matching.sort(Comparator.comparing(ListFilesResult.Entry::path));
        List<ListFilesResult.Entry> page = offset >= matching.size() ? List.of()
                : List.copyOf(matching.subList(offset, Math.min(matching.size(), offset + limit)));
        return new ListFilesResult(paths.relative(dir), page, matching.size(), offset, limit);
    }

    private Optional<ListFilesResult.Entry> entry(Path p) {
        try {
            BasicFileAttributes attrs = Files.readAttributes(p, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            return Optional.of(new ListFilesResult.Entry(paths.relative(p), type(attrs),
                    attrs.isRegularFile() ? attrs.size() : 0,
                    attrs.lastModifiedTime().toInstant().truncatedTo(ChronoUnit.MILLIS).toString()));
        } catch (IOException e) {
            // Deleted between the walk and this look: not part of the listing.
            return Optional.empty();
        }
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
