package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.ClasspathText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The operating-system layer under a worker JVM, defence in depth beneath the interpreter's own denials: a tool
 * that starts the worker in its own network namespace (loopback only), PID namespace and mount namespace, with the
 * host's file system read-only except the writable directories, a private /tmp, no capabilities and no new
 * privileges. {@link Kind#NONE} starts the worker as it is. {@link OsSandboxProbe} picks one that works here.
 *
 * @param tool         bwrap or unshare (unused for NONE)
 * @param setpriv      drops capabilities under unshare, which has no option of its own for it
 * @param mapRootUser  unshare without root needs a user namespace for the other namespaces and the mounts
 */
public record OsSandbox(Kind kind, Path tool, Optional<Path> setpriv, boolean mapRootUser) {

    private static final Path TMP = Path.of("/tmp");
    private static final Path ENV = Path.of("/usr/bin/env");
    private static final String UNSHARE_SCRIPT = ClasspathText.read("worker/unshare-sandbox.sh");

    public enum Kind {
        BWRAP, UNSHARE, NONE;

        /** As reported in stats and health. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * What a worker may write, and what it must still read although it lies under /tmp (hidden by the private
     * /tmp otherwise); everything else on the host stays visible read-only.
     */
    public record Confinement(List<Path> writable, List<Path> readable) {
        public Confinement {
            writable = List.copyOf(writable);
            // Only what the private /tmp would hide needs binding back; the rest is already visible. A missing path
            // (no packages directory, say) cannot be bound, and the worker has nothing to read there anyway.
            readable = readable.stream().map(Path::toAbsolutePath).map(Path::normalize)
                    .filter(p -> p.startsWith(TMP) && !p.equals(TMP)).filter(Files::exists).distinct().toList();
            for (Path dir : writable) {
                if (!dir.isAbsolute() || dir.toString().indexOf('\n') >= 0) {
                    throw new IllegalArgumentException("a writable sandbox directory must be an absolute path without "
                            + "line breaks: " + dir);
                }
            }
        }
    }

    public static OsSandbox none() {
        return new OsSandbox(Kind.NONE, Path.of(""), Optional.empty(), false);
    }

    /** {@code command} as run under this sandbox. */
    List<String> wrap(Confinement confinement, List<String> command) {
        List<String> cmd = switch (kind) {
            case BWRAP -> bwrap(confinement);
            case UNSHARE -> unshare(confinement);
            case NONE -> new ArrayList<>();
        };
        if (kind != Kind.NONE) {
            // bwrap and the shell of the unshare script both export PWD, the server's working directory: the worker
            // starts with only the environment the launcher gave it.
            cmd.addAll(List.of(ENV.toString(), "-u", "PWD"));
        }
        cmd.addAll(command);
        return cmd;
    }

    private List<String> bwrap(Confinement confinement) {
        List<String> cmd = new ArrayList<>(List.of(tool.toString(),
                "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"));
        // After the tmpfs, so that directories under the host's /tmp are bound into the private one.
        for (Path dir : confinement.writable()) {
            cmd.addAll(List.of("--bind", dir.toString(), dir.toString()));
        }
        for (Path path : confinement.readable()) {
            cmd.addAll(List.of("--ro-bind", path.toString(), path.toString()));
        }
        // bwrap keeps root's capabilities unless told; without them the worker cannot undo the mounts.
        // Not --die-with-parent: the parent-death signal follows the spawning thread, and the pool's spawner threads
        // end while their workers live on.
        cmd.addAll(List.of("--unshare-net", "--unshare-pid", "--unshare-ipc", "--new-session", "--cap-drop", "ALL",
                "--"));
        return cmd;
    }

    private List<String> unshare(Confinement confinement) {
        List<String> cmd = new ArrayList<>(List.of(tool.toString(), "--mount", "--net", "--pid", "--ipc", "--fork",
                "--kill-child"));
        if (mapRootUser) {
            cmd.add("--map-root-user");
        }
        cmd.addAll(List.of("--", "/bin/sh", "-c", UNSHARE_SCRIPT, "unshare-sandbox"));
        confinement.writable().forEach(dir -> cmd.add("w:" + dir));
        confinement.readable().forEach(path -> cmd.add("r:" + path));
        cmd.add("--");
        cmd.add(setpriv.orElseThrow().toString());
        return cmd;
    }
}
