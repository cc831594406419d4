package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.ClasspathText;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The operating-system layer under a worker JVM, defence in depth beneath the interpreter's own denials: a tool
 * that starts the worker in its own network namespace (loopback only), PID namespace and mount namespace, no
 * capabilities and no new privileges. Under bwrap the worker's file system is built from nothing: the system's
 * programs and libraries ({@code /usr} and its links), what {@link Confinement#readable} lists (the JDK, the jars,
 * the ahead-of-time cache), read-only, and what {@link Confinement#placed} lists (GraalPy's resources, the packages
 * directory) at short fixed paths, read-only, its one tenant's workspace,
 * writable, a private /tmp, an empty /run, a minimal /dev and its own /proc. Under unshare the host's file system
 * stays visible read-only, except what {@link Confinement#hidden} lists (the data directory, the workspaces, /run),
 * each under an empty read-only tmpfs, and /dev is rebuilt minimal. {@link Kind#NONE} starts the worker as it is.
 * {@link OsSandboxProbe} picks one that works here.
 *
 * @param tool         bwrap or unshare (unused for NONE)
 * @param setpriv      drops capabilities under unshare, which has no option of its own for it
 * @param mapRootUser  unshare without root needs a user namespace for the other namespaces and the mounts
 * @param socketFilter under bwrap, the {@link SocketFilter} program: no AF_UNIX, AF_INET or AF_INET6 socket
 */
public record OsSandbox(Kind kind, Path tool, Optional<Path> setpriv, boolean mapRootUser, Optional<Path> socketFilter) {

    private static final Path TMP = Path.of("/tmp");
    private static final Path ENV = Path.of("/usr/bin/env");
    private static final List<Path> RUN = List.of(Path.of("/run"), Path.of("/var/run"));
    private static final String UNSHARE_SCRIPT = ClasspathText.read("worker/unshare-sandbox.sh");
    /** The system's programs and libraries; the top-level ones are links into /usr on merged-/usr systems. */
    private static final List<Path> SYSTEM = List.of(Path.of("/usr"), Path.of("/bin"), Path.of("/sbin"),
            Path.of("/lib"), Path.of("/lib32"), Path.of("/lib64"), Path.of("/libx32"));
    /** What the dynamic linker and the JVM read from /etc: no accounts, no host names, no credentials. */
    private static final List<Path> SYSTEM_FILES = List.of(Path.of("/etc/ld.so.cache"), Path.of("/etc/localtime"));

    public enum Kind {
        BWRAP, UNSHARE, NONE;

        /** As reported in stats and health. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * What a worker may write (its tenant's workspace), what it reads beyond the system's programs and libraries,
     * and what the unshare path hides although the host's file system shows through it (bwrap shows only what is
     * listed, so it needs no list of what to hide). Paths that do not exist are left out: nothing could be bound.
     */
    public record Confinement(List<Path> writable, List<Path> readable, List<Path> hidden, List<Mount> placed) {
        public Confinement {
            List<Path> open = List.copyOf(writable);
            writable = open;
            readable = readable.stream().map(Path::toAbsolutePath).map(Path::normalize).filter(Files::exists)
                    .distinct().toList();
            placed = placed.stream().filter(mount -> Files.exists(mount.host())).toList();
            // A worker's own workspace is among every workspace hidden from the others (the default tenant's is its
            // worker's writable directory): writable wins, as a tmpfs over it would leave the worker nothing to write.
            hidden = hidden.stream().map(Path::toAbsolutePath).map(Path::normalize)
                    .filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .filter(p -> open.stream().noneMatch(dir -> sameFile(dir, p))).distinct().toList();
            for (Path dir : writable) {
                if (!dir.isAbsolute() || dir.toString().indexOf('\n') >= 0) {
                    throw new IllegalArgumentException("a writable sandbox directory must be an absolute path without "
                            + "line breaks: " + dir);
                }
            }
        }

        public Confinement(List<Path> writable, List<Path> readable, List<Path> hidden) {
            this(writable, readable, hidden, List.of());
        }

        /** Only writable directories. */
        public Confinement(List<Path> writable) {
            this(writable, List.of(), List.of());
        }

        private static boolean sameFile(Path a, Path b) {
            try {
                return Files.isSameFile(a, b);
            } catch (java.io.IOException e) {
                return false;
            }
        }
    }

    /** What a worker finds at a path of its own instead of the host's ({@link #place}); read-only unless writable. */
    public record Mount(Path host, Path guest, boolean writable) {
    }

    /**
     * Where a worker under this sandbox finds {@code host}, which it reads: at {@code fixed} under bwrap, which builds
     * the worker's file system from nothing and can put it there (a short path that names nothing of the host: guests
     * print these paths, in tracebacks for one), else at {@code host} itself.
     */
    public Path place(Path host, Path fixed) {
        return places() ? fixed : host;
    }

    /** Whether this sandbox puts what a worker reads at fixed paths of its own ({@link #place}). */
    public boolean places() {
        return kind == Kind.BWRAP;
    }

    public static OsSandbox none() {
        return new OsSandbox(Kind.NONE, Path.of(""), Optional.empty(), false, Optional.empty());
    }

    /** Bubblewrap at {@code tool}, with the socket filter, kept in {@code dataDir}, where it can be had (x86-64). */
    public static OsSandbox bwrap(Path tool, Path dataDir) {
        return new OsSandbox(Kind.BWRAP, tool, Optional.empty(), false, SocketFilter.write(dataDir));
    }

    /**
     * The shell that hands the socket filter to bwrap on descriptor 3 (Java cannot pass one itself); it drops the PWD
     * it exported, so bwrap starts with only the environment the launcher gave it.
     */
    private static final String WITH_FILTER = "unset PWD; exec \"$@\" 3< \"$0\"";

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
        List<String> cmd = new ArrayList<>();
        socketFilter.ifPresent(filter -> cmd.addAll(List.of("/bin/sh", "-c", WITH_FILTER, filter.toString())));
        cmd.add(tool.toString());
        socketFilter.ifPresent(filter -> cmd.addAll(List.of("--seccomp", "3")));
        for (Path system : SYSTEM) {
            if (Files.isSymbolicLink(system)) {
                try {
                    cmd.addAll(List.of("--symlink", Files.readSymbolicLink(system).toString(), system.toString()));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            } else if (Files.isDirectory(system)) {
                cmd.addAll(List.of("--ro-bind", system.toString(), system.toString()));
            }
        }
        SYSTEM_FILES.stream().filter(Files::isRegularFile)
                .forEach(file -> cmd.addAll(List.of("--ro-bind", file.toString(), file.toString())));
        // An empty /run and /var/run: the host's sockets (D-Bus, the container runtime, databases) live there.
        cmd.addAll(List.of("--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--tmpfs", "/run",
                "--tmpfs", "/var/run"));
        // After the tmpfs mounts, so that what lies under /tmp is bound into the private one.
        for (Path path : confinement.readable()) {
            cmd.addAll(List.of("--ro-bind", path.toString(), path.toString()));
        }
        for (Mount mount : confinement.placed()) {
            cmd.addAll(List.of(mount.writable() ? "--bind" : "--ro-bind", mount.host().toString(),
                    mount.guest().toString()));
        }
        for (Path dir : confinement.writable()) {
            cmd.addAll(List.of("--bind", dir.toString(), dir.toString()));
        }
        Stream.concat(confinement.placed().stream().filter(Mount::writable).map(Mount::guest),
                confinement.writable().stream()).findFirst()
                .ifPresent(dir -> cmd.addAll(List.of("--chdir", dir.toString())));
        // bwrap keeps root's capabilities unless told; without them the worker cannot undo the mounts.
        // Not --die-with-parent: the parent-death signal follows the spawning thread, and the pool's spawner threads
        // end while their workers live on.
        cmd.addAll(List.of("--remount-ro", "/", "--unshare-net", "--unshare-pid", "--unshare-ipc", "--new-session",
                "--cap-drop", "ALL", "--"));
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
        // Only what the private /tmp or a hidden directory would hide needs binding back (the workers' cache and
        // GraalPy's files live in the data directory by default); the rest of the host shows through.
        confinement.readable().stream().filter(p -> p.startsWith(TMP) && !p.equals(TMP)
                || confinement.hidden().stream().anyMatch(p::startsWith)).forEach(path -> cmd.add("r:" + path));
        // As under bwrap, an empty /run and /var/run (unless it is a link to /run): the host's sockets live there.
        java.util.stream.Stream.concat(RUN.stream().filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)),
                confinement.hidden().stream()).distinct().forEach(dir -> cmd.add("h:" + dir));
        cmd.add("--");
        cmd.add(setpriv.orElseThrow().toString());
        return cmd;
    }
}
