package dev.codeexec.sandbox.pool;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A runtime image of the workers' JDK without its {@code jdk.graal.compiler} placeholder, linked once by that JDK's
 * own {@code jlink} into the ahead-of-time cache directory. On it the Graal compiler jars go on the plain module
 * path instead of the upgrade module path, for which the JDK turns the ahead-of-time cache off; so workers with the
 * compiler keep the cache, and start in about two thirds of the time (docs/benchmarks.md).
 *
 * <p>The image is named after its JDK's path, version and module file, so a JDK update links a new one; linking
 * takes a few seconds, once per JDK and directory. Several servers may share the directory: each links into a
 * directory of its own and the first to finish renames it into place.
 */
final class WorkerImage {

    private static final Logger LOG = Logger.getLogger(WorkerImage.class.getName());
    private static final String PREFIX = "worker-jdk-";
    /**
     * Left out: the placeholder and the module that needs it; jlink and jpackage, which an image linked from a JDK
     * without packaged modules cannot hold (Temurin 25 ships none).
     */
    private static final Set<String> LEFT_OUT = Set.of(WorkerJdk.GRAAL_MODULE, "jdk.graal.compiler.management",
            "jdk.jlink", "jdk.jpackage");
    private static final Duration LINK_LIMIT = Duration.ofMinutes(3);
    /** Inside an image: the JDK it was linked from, so stale images can be told from those of other JDKs in use. */
    private static final String SOURCE = "codeexec-source-jdk";

    private WorkerImage() {
    }

    /**
     * The image of {@code jdk} in {@code dir}, linked now if it is missing; empty, with a warning, when it cannot be
     * (no jlink in the JDK, a failed link): the workers then run on {@code jdk} itself, without the cache.
     */
    static Optional<WorkerJdk> of(WorkerJdk jdk, Path dir) {
        Path image = dir.toAbsolutePath().resolve(PREFIX + digest(jdk.home()));
        if (!Files.isRegularFile(image.resolve("release"))) {
            try {
                link(jdk, image);
            } catch (IOException e) {
                LOG.log(Level.WARNING, "sandbox workers run on {0} without their ahead-of-time cache: cannot link a "
                        + "runtime image for the Graal compiler jars ({1})", new Object[] {jdk.home(), e.getMessage()});
                return Optional.empty();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        removeStale(image);
        return Optional.of(WorkerJdk.at(image));
    }

    private static void link(WorkerJdk jdk, Path image) throws IOException, InterruptedException {
        Path jlink = jdk.home().resolve("bin").resolve("jlink");
        if (!Files.isExecutable(jlink)) {
            throw new IOException(jdk.home() + " has no bin/jlink");
        }
        List<String> modules = jdk.modules().stream().filter(m -> !m.isBlank() && !LEFT_OUT.contains(m)).toList();
        if (!modules.contains("java.base")) {
            throw new IOException(jdk.home() + "/release lists no modules");
        }
        Files.createDirectories(image.getParent());
        Path partial = CacheFiles.partial(image);
        Path log = image.resolveSibling(partial.getFileName() + ".log");
        long start = System.nanoTime();
        try {
            CacheFiles.deleteTree(partial);
            ProcessBuilder builder = new ProcessBuilder(jlink.toString(), "--add-modules", String.join(",", modules),
                    "--no-man-pages", "--no-header-files", "--output", partial.toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile());
            builder.environment().clear();
            Process process = builder.start();
            if (!process.waitFor(LINK_LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IOException("jlink took longer than " + LINK_LIMIT.toMinutes() + " minutes");
            }
            if (process.exitValue() != 0) {
                throw new IOException("jlink exited with status " + process.exitValue() + ": " + tail(log));
            }
            // jlink writes only the version and modules; the vendor is what stats show beside the version.
            Files.writeString(partial.resolve("release"), "IMPLEMENTOR=\"" + jdk.vendor() + "\"\n",
                    StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            Files.writeString(partial.resolve(SOURCE), jdk.home().toAbsolutePath().toString(), StandardCharsets.UTF_8);
            try {
                Files.move(partial, image, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
                // Another server sharing the directory linked the same image first.
                return;
            }
            LOG.log(Level.INFO, "sandbox worker runtime image linked in {0} ms: {1}",
                    new Object[] {TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start), image});
        } finally {
            CacheFiles.deleteTree(partial);
            Files.deleteIfExists(log);
        }
    }

    /**
     * Images linked from a JDK that has since changed or gone (about 180 MiB each), and partial ones left by servers
     * that died while linking. Images of other JDKs still installed stay: another server may run its workers there.
     */
    private static void removeStale(Path image) {
        try (DirectoryStream<Path> images = Files.newDirectoryStream(image.getParent(), PREFIX + "*")) {
            for (Path other : images) {
                if (!other.equals(image) && stale(other)) {
                    CacheFiles.deleteTree(other);
                    LOG.log(Level.INFO, "removed the unused sandbox worker runtime image {0}", other);
                }
            }
        } catch (IOException | UncheckedIOException e) {
            LOG.log(Level.FINE, "could not remove unused worker runtime images: {0}", e.getMessage());
        }
    }

    private static boolean stale(Path other) throws IOException {
        if (CacheFiles.isPartial(other)) {
            return CacheFiles.writerGone(other);
        }
        Path source = other.resolve(SOURCE);
        if (!Files.isRegularFile(source)) {
            return false;
        }
        Path home = Path.of(Files.readString(source, StandardCharsets.UTF_8).trim());
        return !Files.isRegularFile(home.resolve("release"))
                || !other.getFileName().toString().equals(PREFIX + digest(home));
    }

    /** The JDK's path, version and module file: what the image was linked from. */
    static String digest(Path home) {
        try {
            Path modules = home.resolve("lib").resolve("modules");
            String identity = home.toAbsolutePath() + "\u0000" + Files.readString(home.resolve("release"))
                    + "\u0000" + (Files.isRegularFile(modules)
                            ? Files.size(modules) + ":" + Files.getLastModifiedTime(modules).toMillis() : "");
            return CacheFiles.digest(identity);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the JDK at " + home, e);
        }
    }

    private static String tail(Path log) {
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8).strip();
            return text.length() > 400 ? "..." + text.substring(text.length() - 400) : text;
        } catch (IOException e) {
            return "no output";
        }
    }
}
