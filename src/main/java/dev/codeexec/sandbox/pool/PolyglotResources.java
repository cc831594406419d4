package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.FileTrees;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.graalvm.polyglot.Engine;

/**
 * GraalPy's internal resources (its standard library, Truffle's native helpers) as a directory a worker reads with
 * {@code -Dpolyglot.engine.resourcePath}. Otherwise each worker unpacks them into a cache under the home directory
 * on first use, which a worker under the OS sandbox cannot write; nor should it, since every later worker would run
 * what it left there. Copied by the server once per GraalPy build: the copy is named after the GraalPy and Truffle
 * jars on the workers' classpath. A packaged server's build makes the copy beside the jars (scripts/record-server-aot),
 * and servers use that one: none is made on a new data directory, and the workers' ahead-of-time cache the build
 * recorded names that path.
 */
final class PolyglotResources {

    private static final Logger LOG = Logger.getLogger(PolyglotResources.class.getName());

    private PolyglotResources() {
    }

    /**
     * The copy for the GraalPy on {@code classpath}: the one the build made under {@code built} if there is one, else
     * the one under {@code dir}, made now when missing.
     */
    static Path ensure(Path dir, Optional<Path> built, String classpath) {
        Optional<Path> prepared = built.map(b -> b.resolve(buildName(classpath))).filter(Files::isDirectory);
        if (prepared.isPresent()) {
            try {
                // Truffle matches the guest's reads against this path as given: it must be the canonical one.
                return prepared.get().toRealPath();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the build's copy of GraalPy's resources "
                        + prepared.get(), e);
            }
        }
        Path root;
        try {
            // Truffle matches the guest's reads against this path as given: it must be the canonical one.
            root = Files.createDirectories(dir).toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir + " (sandbox.worker.polyglot-resources)", e);
        }
        Path target = root.resolve(buildName(classpath));
        if (Files.isDirectory(target)) {
            return target;
        }
        // Another server may share the directory: copy aside, then move into place in one step.
        Path partial = CacheFiles.partial(target);
        long start = System.nanoTime();
        try {
            FileTrees.delete(partial);
            if (!Engine.copyResources(partial, "python")) {
                throw new IOException("GraalPy reported no resources to copy");
            }
            try {
                Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                if (!Files.isDirectory(target)) {
                    throw e;
                }
            }
            LOG.log(Level.INFO, "GraalPy resources for sandbox workers copied in {0} ms to {1}",
                    new Object[] {(System.nanoTime() - start) / 1_000_000, target});
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy GraalPy's resources for sandbox workers into " + dir
                    + " (sandbox.worker.polyglot-resources)", e);
        } finally {
            try {
                FileTrees.delete(partial);
            } catch (IOException e) {
                LOG.log(Level.FINE, "could not remove {0}", partial);
            }
        }
    }

    /** A digest of the names and sizes of the jars that carry the resources (a version is part of each name). */
    static String buildName(String classpath) {
        StringBuilder jars = new StringBuilder();
        for (String entry : classpath.split(File.pathSeparator)) {
            File jar = new File(entry);
            String name = jar.getName();
            if (name.contains("python") || name.contains("truffle") || name.contains("polyglot")) {
                jars.append(name).append(':').append(jar.length()).append(';');
            }
        }
        return "graalpy-" + CacheFiles.digest(jars.toString());
    }

}
