package dev.codeexec.sandbox.pool;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What the pool keeps in its data directory (the ahead-of-time cache, GraalPy's
 * resources) is named after what it was made from, and replaced as a whole; so are its small owner-only files (the
 * socket filter, the first worker's command).
 */
final class CacheFiles {

    private CacheFiles() {
    }

    /** 16 hex digits of the SHA-256 of {@code identity}: short enough for a file name, long enough not to collide. */
    static String digest(String identity) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Where this server builds {@code target} before moving it into place in one step: {@code <target>.<pid>.partial},
     * so that servers sharing the directory never write the same file and a dead one's leftovers can be told.
     */
    static Path partial(Path target) {
        return target.resolveSibling(target.getFileName() + "." + ProcessHandle.current().pid() + ".partial");
    }

    /** Whether {@code path} is a {@link #partial} or a file beside one ({@code <target>.<pid>.partial.<suffix>}). */
    static boolean isPartial(Path path) {
        return path.getFileName().toString().contains(".partial");
    }

    /** Whether the process that was writing {@code partial} (as {@link #isPartial} names it) has gone. */
    static boolean writerGone(Path partial) {
        String name = partial.getFileName().toString();
        String pid = name.substring(0, name.indexOf(".partial"));
        pid = pid.substring(pid.lastIndexOf('.') + 1);
        try {
            return ProcessHandle.of(Long.parseLong(pid)).isEmpty();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * Makes {@code file} hold {@code content}, readable and writable by this server's user alone: written as its
     * {@link #partial} and moved over it in one step, so a reader finds the old content or the new one whole.
     */
    static void replaceOwnerOnly(Path file, byte[] content) throws IOException {
        Path partial = partial(file);
        Files.deleteIfExists(partial);
        try {
            Files.createFile(partial, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.write(partial, content);
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(partial);
        }
    }
}
