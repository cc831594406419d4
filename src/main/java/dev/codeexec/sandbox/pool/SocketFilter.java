package dev.codeexec.sandbox.pool;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Optional;

/**
 * A seccomp filter for bubblewrap's {@code --seccomp FD}: a classic BPF program refusing, with EACCES, the
 * {@code socket} system call for {@code AF_UNIX}, {@code AF_INET} and {@code AF_INET6}, and every call of another
 * architecture or of the x32 ABI (a way around a filter written for x86-64 numbers). {@code socketpair} stays: an
 * anonymous connected pair reaches nothing outside the process, and the JDK's NIO makes one when it starts (its
 * pre-closed descriptor), without which every pipe, and so GraalPy's {@code os.pipe}, fails. Written here rather than
 * with libseccomp so that the server needs nothing but bwrap; x86-64 only, where its numbers hold.
 */
final class SocketFilter {

    private static final int AUDIT_ARCH_X86_64 = 0xc000003e;
    private static final int X32_SYSCALL_BIT = 0x40000000;
    private static final int SYS_SOCKET = 41;
    private static final int AF_UNIX = 1;
    private static final int AF_INET = 2;
    private static final int AF_INET6 = 10;
    private static final int EACCES = 13;
    /** Offsets in struct seccomp_data: nr, arch, args[0] (its low 32 bits on little-endian). */
    private static final int NR = 0;
    private static final int ARCH = 4;
    private static final int ARG0 = 16;
    private static final short LD_W_ABS = 0x20;
    private static final short JEQ_K = 0x15;
    private static final short JGE_K = 0x35;
    private static final short RET_K = 0x06;
    private static final int RET_ALLOW = 0x7fff0000;
    private static final int RET_ERRNO = 0x00050000 | EACCES;

    /** The file's name in the server's data directory. */
    static final String FILE = "socket-filter.bpf";

    private SocketFilter() {
    }

    /** The program, 8 bytes per instruction in the machine's order (struct sock_filter). */
    static byte[] program() {
        ByteBuffer bpf = ByteBuffer.allocate(12 * 8).order(ByteOrder.LITTLE_ENDIAN);
        // Jump offsets count the instructions skipped; 11 is the refusal, the last.
        insn(bpf, LD_W_ABS, 0, 0, ARCH);                  // 0
        insn(bpf, JEQ_K, 0, 9, AUDIT_ARCH_X86_64);        // 1: else -> 11
        insn(bpf, LD_W_ABS, 0, 0, NR);                    // 2
        insn(bpf, JGE_K, 7, 0, X32_SYSCALL_BIT);          // 3: x32 -> 11
        insn(bpf, JEQ_K, 1, 0, SYS_SOCKET);               // 4: -> 6
        insn(bpf, RET_K, 0, 0, RET_ALLOW);                // 5
        insn(bpf, LD_W_ABS, 0, 0, ARG0);                  // 6: the address family
        insn(bpf, JEQ_K, 3, 0, AF_UNIX);                  // 7: -> 11
        insn(bpf, JEQ_K, 2, 0, AF_INET);                  // 8: -> 11
        insn(bpf, JEQ_K, 1, 0, AF_INET6);                 // 9: -> 11
        insn(bpf, RET_K, 0, 0, RET_ALLOW);                // 10
        insn(bpf, RET_K, 0, 0, RET_ERRNO);                // 11
        return bpf.array();
    }

    private static void insn(ByteBuffer bpf, short code, int jt, int jf, int k) {
        bpf.putShort(code).put((byte) jt).put((byte) jf).putInt(k);
    }

    /**
     * The program in {@code dir}, the server's own, readable by it alone; empty where its numbers do not hold. Always
     * the same file, so a worker's command line is the same from one start to the next ({@link EarlyWorker}).
     */
    static Optional<Path> write(Path dir) {
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (!arch.equals("amd64") && !arch.equals("x86_64")) {
            return Optional.empty();
        }
        try {
            Files.createDirectories(dir);
            Path file = dir.toAbsolutePath().normalize().resolve(FILE);
            byte[] program = program();
            if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
                    && java.util.Arrays.equals(Files.readAllBytes(file), program)
                    && Files.getPosixFilePermissions(file).equals(PosixFilePermissions.fromString("rw-------"))) {
                return Optional.of(file);
            }
            // A worker starting now reads the old program or the new one whole.
            CacheFiles.replaceOwnerOnly(file, program);
            return Optional.of(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the workers' seccomp filter", e);
        }
    }
}
