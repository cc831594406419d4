package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker gets the application and the libraries its sandbox side uses, in both layouts the server finds them in;
 * every other test that runs Python in a worker runs it on this classpath.
 */
class WorkerClasspathTest {

    @Test
    void packagedJarsAreKeptByTheirGroupAndArtifact() {
        for (String kept : List.of("org.graalvm.python.python-language-25.2.4.jar",
                "org.graalvm.truffle.truffle-api-25.2.4.jar", "com.fasterxml.jackson.core.jackson-databind-2.21.2.jar",
                "org.jboss.logmanager.jboss-logmanager-3.2.1.Final.jar", "io.smallrye.common.smallrye-common-ref-2.16.0.jar",
                "io.quarkus.quarkus-bootstrap-runner-3.33.2.jar")) {
            assertTrue(WorkerClasspath.isPackagedLibrary("/srv/quarkus-app/lib/main/" + kept), kept);
        }
        for (String left : List.of("org.hibernate.orm.hibernate-core-7.2.14.Final.jar", "com.h2database.h2-2.4.240.jar",
                "io.netty.netty-common-4.1.133.Final.jar", "io.quarkus.quarkus-core-3.33.2.jar",
                "io.quarkus.quarkus-bootstrap-runner-extra-1.0.jar",
                "com.fasterxml.jackson.dataformat.jackson-dataformat-yaml-2.21.2.jar",
                "org.graalvmx.other-1.0.jar")) {
            assertFalse(WorkerClasspath.isPackagedLibrary("/srv/quarkus-app/lib/main/" + left), left);
        }
    }

    @Test
    void repositoryJarsAreKeptByTheirGroupDirectories() {
        String repo = "/home/u/.m2/repository/";
        assertTrue(WorkerClasspath.isRepositoryLibrary(
                repo + "org/graalvm/python/python-language/25.2.4/python-language-25.2.4.jar"));
        assertTrue(WorkerClasspath.isRepositoryLibrary(
                repo + "io/quarkus/quarkus-bootstrap-runner/3.33.2/quarkus-bootstrap-runner-3.33.2.jar"));
        assertFalse(WorkerClasspath.isRepositoryLibrary(repo + "io/quarkus/quarkus-core/3.33.2/quarkus-core-3.33.2.jar"));
        assertFalse(WorkerClasspath.isRepositoryLibrary(
                repo + "com/fasterxml/jackson/dataformat/jackson-dataformat-yaml/2.21.2/jackson-dataformat-yaml-2.21.2.jar"));
    }

    /**
     * From the source tree, workers run the build's jar of the classes (the ahead-of-time cache needs jar files), but
     * never one older than a class compiled since, as dev mode compiles into the directory alone.
     */
    @Test
    void theBuildsJarOfTheClassesIsUsedUntilAClassIsNewer(@TempDir Path dir) throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes/dev/codeexec"));
        Path compiled = Files.writeString(classes.resolve("Main.class"), "compiled");
        Path jar = dir.resolve("worker-app.jar");
        assertEquals(dir.resolve("classes"), WorkerClasspath.buildApplication(dir.resolve("classes"), jar), "no jar");
        Files.writeString(jar, "jarred");
        FileTime built = FileTime.from(Instant.parse("2026-12-03T10:00:00Z"));
        Files.setLastModifiedTime(jar, built);
        for (Path p : List.of(compiled, classes, classes.getParent(), dir.resolve("classes"))) {
            Files.setLastModifiedTime(p, FileTime.from(built.toInstant().minusSeconds(5)));
        }
        assertEquals(jar, WorkerClasspath.buildApplication(dir.resolve("classes"), jar));
        Files.setLastModifiedTime(compiled, FileTime.from(built.toInstant().plusSeconds(1)));
        assertEquals(dir.resolve("classes"), WorkerClasspath.buildApplication(dir.resolve("classes"), jar),
                "a class compiled after the jar");
    }

    /** The classpath these tests' workers get, from the file the build wrote. */
    @Test
    void theSourceTreesWorkersGetGraalPyAndNotTheServersLibraries() throws Exception {
        assertTrue(Files.isRegularFile(WorkerClasspath.BUILD_CLASSPATH_FILE), "run the build first");
        List<String> full = Arrays.asList(Files.readString(WorkerClasspath.BUILD_CLASSPATH_FILE).trim()
                .split(File.pathSeparator));
        List<String> worker = Arrays.asList(WorkerClasspath.found().split(File.pathSeparator));
        assertEquals(WorkerClasspath.buildApplication(WorkerClasspath.BUILD_CLASSES, WorkerClasspath.BUILD_APP_JAR)
                .toAbsolutePath().toString(), worker.get(0));
        assertTrue(worker.stream().anyMatch(e -> e.contains("/python-language/")), "GraalPy");
        assertTrue(worker.stream().anyMatch(e -> e.contains("/python-resources/")), "GraalPy's resources");
        assertTrue(worker.stream().anyMatch(e -> e.contains("/jackson-databind/")), "Jackson");
        assertTrue(full.stream().anyMatch(e -> e.contains("/hibernate-core/")), "the server's own classpath");
        assertFalse(worker.stream().anyMatch(e -> e.contains("/hibernate-core/") || e.contains("/h2/")
                || e.contains("/netty-")), String.join("\n", worker));
        assertTrue(worker.size() < full.size() / 4, worker.size() + " of " + full.size());
    }
}
