package dev.codeexec.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The operator's packages directory ({@code sandbox.python-packages}): pure-Python packages on the guest's
 * {@code sys.path} after the standard library, readable and never writable by guest code. Read once at start,
 * in the server (tool description, stats) and in each worker (confinement, {@code sys.path}).
 *
 * @param root     the directory's real path; empty when it does not exist (the sandbox then has the standard
 *                 library only)
 * @param packages the distributions found there, by name
 */
public record PythonPackages(Optional<Path> root, List<PythonPackage> packages) {

    private static final String METADATA_SUFFIX = ".dist-info";

    public static PythonPackages scan(Path dir) {
        if (!Files.isDirectory(dir)) {
            return new PythonPackages(Optional.empty(), List.of());
        }
        try (Stream<Path> entries = Files.list(dir)) {
            List<PythonPackage> found = new ArrayList<>();
            for (Path info : entries.filter(p -> p.getFileName().toString().endsWith(METADATA_SUFFIX)).toList()) {
                read(info).ifPresent(found::add);
            }
            found.sort(Comparator.comparing(p -> p.name().toLowerCase(java.util.Locale.ROOT)));
            return new PythonPackages(Optional.of(dir.toRealPath()), List.copyOf(found));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the packages directory " + dir, e);
        }
    }

    /** Importable top-level names, sorted; private ones (a leading underscore, like PyYAML's _yaml shim) left out. */
    public List<String> publicImports() {
        return packages.stream().flatMap(p -> p.imports().stream()).filter(name -> !name.startsWith("_"))
                .sorted().toList();
    }

    /** One distribution's metadata; unreadable or incomplete metadata leaves it out instead of failing the start. */
    private static Optional<PythonPackage> read(Path info) {
        try {
            return parse(info);
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }

    private static Optional<PythonPackage> parse(Path info) throws IOException {
        Path metadata = info.resolve("METADATA");
        if (!Files.isRegularFile(metadata)) {
            return Optional.empty();
        }
        String name = null;
        String version = null;
        // Headers end at the first blank line; the description may follow.
        for (String line : Files.readAllLines(metadata)) {
            if (line.isEmpty()) {
                break;
            }
            if (line.startsWith("Name:")) {
                name = line.substring(5).strip();
            } else if (line.startsWith("Version:")) {
                version = line.substring(8).strip();
            }
        }
        if (name == null || version == null) {
            return Optional.empty();
        }
        Path topLevel = info.resolve("top_level.txt");
        List<String> imports = Files.isRegularFile(topLevel)
                ? Files.readAllLines(topLevel).stream().map(String::strip).filter(s -> !s.isEmpty()).sorted().toList()
                : List.of(name.toLowerCase(java.util.Locale.ROOT).replace('-', '_'));
        return Optional.of(new PythonPackage(name, version, imports));
    }
}
