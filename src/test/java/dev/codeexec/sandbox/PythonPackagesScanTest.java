package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading the packages directory: what a server without one, or with odd metadata in it, reports. */
class PythonPackagesScanTest {

    @TempDir
    Path dir;

    private void distribution(String folder, String metadata, String topLevel) throws IOException {
        Path info = Files.createDirectories(dir.resolve(folder));
        Files.writeString(info.resolve("METADATA"), metadata);
        if (topLevel != null) {
            Files.writeString(info.resolve("top_level.txt"), topLevel);
        }
    }

    @Test
    void aMissingDirectoryMeansTheStandardLibraryOnly() {
        PythonPackages none = PythonPackages.scan(dir.resolve("absent"));
        assertTrue(none.root().isEmpty());
        assertEquals(List.of(), none.packages());
        assertEquals(List.of(), none.publicImports());
    }

    @Test
    void readsNameVersionAndImportNamesAndHidesPrivateModules() throws IOException {
        distribution("PyYAML-6.0.dist-info", "Metadata-Version: 2.1\nName: PyYAML\nVersion: 6.0\n\nVersion: 9\n",
                "_yaml\nyaml\n");
        distribution("Jinja2-3.1.2.dist-info", "Name: Jinja2\nVersion: 3.1.2\n", "jinja2\n");
        distribution("python_dateutil-2.9.dist-info", "Name: python-dateutil\nVersion: 2.9\n", null);
        PythonPackages found = PythonPackages.scan(dir);
        assertEquals(dir.toRealPath(), found.root().orElseThrow());
        assertEquals(List.of(new PythonPackage("Jinja2", "3.1.2", List.of("jinja2")),
                new PythonPackage("python-dateutil", "2.9", List.of("python_dateutil")),
                new PythonPackage("PyYAML", "6.0", List.of("_yaml", "yaml"))), found.packages());
        assertEquals(List.of("jinja2", "python_dateutil", "yaml"), found.publicImports());
    }

    @Test
    void incompleteOrUnreadableMetadataLeavesThatDistributionOut() throws IOException {
        distribution("broken-1.dist-info", "Name: broken\n", "broken\n");
        distribution("binary-1.dist-info", "Name: \u0000\nVersion: 1\n", null);
        Files.write(dir.resolve("binary-1.dist-info/METADATA"), new byte[] {(byte) 0xff, (byte) 0xfe, 0x00});
        Files.createDirectories(dir.resolve("nometa-1.dist-info"));
        assertEquals(List.of(), PythonPackages.scan(dir).packages());
    }
}
