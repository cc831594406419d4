package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a packaged server's build prepared beside its jars (quarkus-app/worker-cache) is used before anything of the
 * data directory, so a server on a new data directory copies nothing and records no cache.
 */
class BuiltWorkerCachesTest {

    @TempDir
    Path dir;

    @Test
    void theBuildsCopyOfGraalPysResourcesIsUsedAndNothingIsCopied() throws Exception {
        String classpath = "/srv/quarkus-app/lib/main/org.graalvm.python.python-language-25.2.4.jar";
        Path built = dir.resolve("worker-cache/polyglot-resources");
        Path copy = Files.createDirectories(built.resolve(PolyglotResources.buildName(classpath)));
        Path data = dir.resolve("data/polyglot-resources");
        assertEquals(copy.toRealPath(), PolyglotResources.ensure(data, Optional.of(built), classpath));
        assertFalse(Files.exists(data), "the data directory got a copy of its own");
    }

    @Test
    void theBuildsCacheIsUsedBeforeTheDataDirectorysAndNoneIsRecorded() throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        Path built = Files.createDirectories(dir.resolve("worker-cache"));
        WorkerAotCache cache = new WorkerAotCache(data, Optional.of(built), "java -Xmx512m -cp app.jar Main");
        assertTrue(cache.missing());
        assertEquals(List.of(), cache.useOptions());
        assertEquals("none yet; recorded into " + data.toAbsolutePath() + " once the pool is full", cache.describe());

        // Recorded by this server in the data directory (a build without one, or other settings).
        Path ownCache = cache.files().get(0);
        Path ownModules = cache.files().get(1);
        Files.writeString(ownCache, "cache");
        Files.writeString(ownModules, "modules");
        assertFalse(cache.missing());
        assertEquals(List.of("-XX:AOTCache=" + ownCache, "-Dcodeexec.worker.module-code=" + ownModules),
                cache.useOptions());
        assertEquals(ownCache.toString(), cache.describe());

        // The build recorded the same one: its files are used, both from the same recording.
        Path builtCache = built.toAbsolutePath().resolve(ownCache.getFileName());
        Path builtModules = built.toAbsolutePath().resolve(ownModules.getFileName());
        Files.writeString(builtCache, "cache");
        Files.writeString(builtModules, "modules");
        assertEquals(List.of("-XX:AOTCache=" + builtCache, "-Dcodeexec.worker.module-code=" + builtModules),
                cache.useOptions());
        assertEquals("the build's " + builtCache, cache.describe());
        Files.delete(ownCache);
        assertFalse(cache.missing(), "the build's cache is there: nothing to record");
        assertTrue(cache.files().containsAll(List.of(builtCache, builtModules)), "workers must be able to read them");
    }
}
