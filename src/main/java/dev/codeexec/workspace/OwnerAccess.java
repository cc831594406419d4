package dev.codeexec.workspace;

import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/**
 * The permissions a workspace entry must keep for its owner: read and search on a directory, read and write on a
 * file. Guest code could otherwise hide bytes from the usage walk (a directory it cannot list) or leave the file
 * tools unable to read or replace what it wrote. Refusing the change holds wherever the server runs; a walk that
 * meets an unreadable entry anyway (set from outside) fails closed.
 */
public final class OwnerAccess {

    private OwnerAccess() {
    }

    /** The refusal, or null when {@code permissions} keep what the owner needs. */
    public static String refusal(boolean directory, Set<PosixFilePermission> permissions) {
        Set<PosixFilePermission> needed = directory
                ? Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_EXECUTE)
                : Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        if (permissions.containsAll(needed)) {
            return null;
        }
        return "a workspace " + (directory ? "directory must stay readable and searchable (u+rx)"
                : "file must stay readable and writable (u+rw)") + " by its owner";
    }
}
