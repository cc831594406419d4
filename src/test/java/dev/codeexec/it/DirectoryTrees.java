package dev.codeexec.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The ITs' scratch directories under target/, cleared before a test uses them. */
final class DirectoryTrees {

    private DirectoryTrees() {
    }

    /** Deletes {@code root} and everything under it; nothing to do when it does not exist. */
    static void delete(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
