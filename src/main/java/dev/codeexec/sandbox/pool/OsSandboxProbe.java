package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.SandboxSettings;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Picks the OS sandbox for workers once at start ({@code sandbox.worker.os-sandbox}): bwrap, else unshare with
 * setpriv, else none. A tool counts only after a trial run under it showed another network namespace, a read-only
 * root and writable workspace directories: user namespaces may be disabled, or the container may deny mounts.
 */
public final class OsSandboxProbe {

    private static final Logger LOG = Logger.getLogger(OsSandboxProbe.class.getName());
    private static final long TRIAL_LIMIT_S = 20;
    private static final List<String> SYSTEM_PATH = List.of("/usr/local/sbin", "/usr/local/bin", "/usr/sbin",
            "/usr/bin", "/sbin", "/bin");
    /** Exits 3 when / is writable, 4 when a writable directory is not; prints the network namespace otherwise. */
    private static final String TRIAL = "test -w / && exit 3; for d; do test -w \"$d\" || exit 4; done; "
            + "readlink /proc/self/ns/net";

    private OsSandboxProbe() {
    }

    /** @param dataDir the server's data directory, where bwrap's socket filter is kept */
    public static OsSandbox choose(SandboxSettings.OsSandboxMode mode, OsSandbox.Confinement confinement,
            Path dataDir) {
        if (mode == SandboxSettings.OsSandboxMode.OFF) {
            LOG.info("sandbox workers run without an OS sandbox: sandbox.worker.os-sandbox=off");
            return OsSandbox.none();
        }
        List<String> refusals = new ArrayList<>();
        for (OsSandbox candidate : candidates(refusals, dataDir)) {
            Optional<String> refusal = trial(candidate, confinement);
            if (refusal.isEmpty()) {
                LOG.log(Level.INFO, "sandbox workers run under the OS sandbox {0} ({1}): own network, PID, mount and "
                        + "IPC namespaces, read-only file system except {2} and a private /tmp, no capabilities",
                        new Object[] {candidate.kind().label(), candidate.tool(), confinement.writable()});
                return candidate;
            }
            refusals.add(candidate.kind().label() + ": " + refusal.get());
        }
        String why = refusals.isEmpty() ? "not Linux" : String.join("; ", refusals);
        if (mode == SandboxSettings.OsSandboxMode.REQUIRED) {
            throw new IllegalStateException("sandbox.worker.os-sandbox=required, but neither bwrap nor unshare can "
                    + "confine a worker here (" + why + "). Install bubblewrap (Debian: apt-get install bubblewrap) "
                    + "or allow user namespaces, or set sandbox.worker.os-sandbox to auto or off");
        }
        LOG.log(Level.WARNING, "sandbox workers run without an OS sandbox, none works here ({0}); "
                + "install bubblewrap for one", why);
        return OsSandbox.none();
    }

    private static List<OsSandbox> candidates(List<String> refusals, Path dataDir) {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            return List.of();
        }
        List<OsSandbox> found = new ArrayList<>();
        executable("bwrap").ifPresentOrElse(
                bwrap -> found.add(OsSandbox.bwrap(bwrap, dataDir)),
                () -> refusals.add("bwrap: not installed"));
        Optional<Path> unshare = executable("unshare");
        Optional<Path> setpriv = executable("setpriv");
        if (unshare.isEmpty() || setpriv.isEmpty()) {
            // Without setpriv the worker would keep root's capabilities and could undo every mount.
            refusals.add("unshare: " + (unshare.isEmpty() ? "not installed" : "setpriv (util-linux) not installed"));
        } else {
            found.add(new OsSandbox(OsSandbox.Kind.UNSHARE, unshare.get(), setpriv, !runningAsRoot(), Optional.empty()));
        }
        return found;
    }

    /** Empty when the candidate confined a trial shell as it should; otherwise why not. */
    private static Optional<String> trial(OsSandbox candidate, OsSandbox.Confinement confinement) {
        List<String> shell = new ArrayList<>(List.of("/bin/sh", "-c", TRIAL, "os-sandbox-trial"));
        confinement.writable().forEach(dir -> shell.add(dir.toString()));
        ProcessBuilder builder = new ProcessBuilder(candidate.wrap(confinement, shell));
        builder.environment().clear();
        builder.redirectErrorStream(true);
        Process process = null;
        try {
            process = builder.start();
            process.getOutputStream().close();
            byte[] out = process.getInputStream().readNBytes(4096);
            if (!process.waitFor(TRIAL_LIMIT_S, TimeUnit.SECONDS)) {
                return Optional.of("the trial did not finish within " + TRIAL_LIMIT_S + " s");
            }
            String text = new String(out, StandardCharsets.UTF_8).trim();
            return switch (process.exitValue()) {
                case 0 -> text.equals(hostNetwork()) ? Optional.of("the trial ran in the server's network namespace")
                        : Optional.empty();
                case 3 -> Optional.of("the root file system stayed writable");
                case 4 -> Optional.of("a workspace directory was not writable inside it");
                default -> Optional.of("the trial failed with status " + process.exitValue() + ": " + firstLine(text));
            };
        } catch (IOException e) {
            return Optional.of("cannot run it: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted");
        } finally {
            if (process != null) {
                process.destroyForcibly();
            }
        }
    }

    private static String hostNetwork() throws IOException {
        return Files.readSymbolicLink(Path.of("/proc/self/ns/net")).toString();
    }

    private static String firstLine(String text) {
        int end = text.indexOf('\n');
        String line = end < 0 ? text : text.substring(0, end);
        return line.length() > 200 ? line.substring(0, 200) : line;
    }

    /** On the server's PATH, else in the usual system directories (the path is not inherited by workers). */
    private static Optional<Path> executable(String name) {
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(File.pathSeparator)));
        }
        dirs.addAll(SYSTEM_PATH);
        return dirs.stream().filter(dir -> !dir.isEmpty()).map(dir -> Path.of(dir, name))
                .filter(Files::isExecutable).findFirst();
    }

    /** /proc/self belongs to the process's effective user. */
    private static boolean runningAsRoot() {
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
