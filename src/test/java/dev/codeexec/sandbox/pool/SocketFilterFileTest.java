package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bwrap's socket filter is one file in the data directory, so that workers' command lines repeat from one start to
 * the next; whatever lies there is replaced by the program, owner-only, before a worker is started with it.
 */
class SocketFilterFileTest {

    @TempDir
    Path data;

    @BeforeEach
    void x86() {
        String arch = System.getProperty("os.arch");
        assumeTrue(arch.equals("amd64") || arch.equals("x86_64"), "the filter is written for x86-64 only");
    }

    @Test
    void everyStartUsesTheSameFileOwnerOnly() throws Exception {
        Path first = SocketFilter.write(data).orElseThrow();
        assertEquals(first, SocketFilter.write(data).orElseThrow());
        assertEquals(data.toAbsolutePath().resolve(SocketFilter.FILE), first);
        assertArrayEquals(SocketFilter.program(), Files.readAllBytes(first));
        assertEquals(PosixFilePermissions.fromString("rw-------"), Files.getPosixFilePermissions(first));
    }

    @Test
    void aChangedProgramOrLooserPermissionsAreReplaced() throws Exception {
        Path file = SocketFilter.write(data).orElseThrow();
        Files.write(file, new byte[96]);
        SocketFilter.write(data);
        assertArrayEquals(SocketFilter.program(), Files.readAllBytes(file));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-rw-"));
        SocketFilter.write(data);
        assertEquals(PosixFilePermissions.fromString("rw-------"), Files.getPosixFilePermissions(file));
    }

    @Test
    void aLinkInItsPlaceIsReplacedNotFollowed() throws Exception {
        Path target = Files.writeString(data.resolve("elsewhere"), "not a filter");
        Files.createSymbolicLink(data.resolve(SocketFilter.FILE), target);
        Path file = SocketFilter.write(data).orElseThrow();
        assertEquals(false, Files.isSymbolicLink(file));
        assertArrayEquals(SocketFilter.program(), Files.readAllBytes(file));
        assertEquals("not a filter", Files.readString(target));
    }
}
