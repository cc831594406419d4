package dev.codeexec.skills;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SkillFilesTest {

    @Test
    void repositoryShipsAtLeastEightValidStarterSkills() throws IOException {
        List<SkillFiles.SkillFile> files = SkillFiles.read(Path.of("skills"));
        assertTrue(files.size() >= 8, "starter skills: " + files.size());
        for (SkillFiles.SkillFile f : files) {
            SkillRules.name(f.name());
            SkillRules.description(f.description());
            SkillRules.code(f.code());
            SkillRules.tags(f.tags());
            assertTrue(!f.tags().isEmpty() && !f.parameters().isEmpty(), f.name() + " lacks tags or parameters");
        }
    }

    @Test
    void exportedFilesReadBackUnchanged(@TempDir Path dir) throws IOException {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("items", "list to split");
        params.put("size", Map.of("type", "int", "minimum", 1));
        Skill skill = new Skill("chunker", 3, "Splits lists into chunks: of a size.", "def f():\n    return 1\n",
                List.of("list", "batching"), params, "abc", Instant.now(), "someone", 3);
        SkillFiles.write(dir, skill);
        SkillFiles.SkillFile back = SkillFiles.read(dir).get(0);
        assertEquals(new SkillFiles.SkillFile("chunker", skill.description(), skill.code(), skill.tags(), params),
                back);
        assertTrue(Files.readString(dir.resolve("chunker.yaml")).contains("version: 3"));
    }

    /** Two servers sharing a data directory may export at once: every file is one writer's whole text. */
    @Test
    void simultaneousExportsNeverMixOrLoseAFile(@TempDir Path dir) throws Exception {
        int writers = 6;
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            codes.add("X = '" + "abcdef".charAt(i) + "' * " + "9".repeat(i + 1) + "\n" + "#".repeat(1000 * i) + "\n");
        }
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        List<Future<?>> done = new ArrayList<>();
        for (String code : codes) {
            Skill skill = new Skill("shared", 1, "Holds a racing value.", code, List.of("race"), Map.of(), "h",
                    Instant.now(), "t", 1);
            done.add(pool.submit(() -> {
                start.await();
                for (int round = 0; round < 20; round++) {
                    SkillFiles.write(dir, skill);
                }
                return null;
            }));
        }
        start.countDown();
        for (Future<?> f : done) {
            f.get();
        }
        pool.shutdown();
        assertTrue(codes.contains(Files.readString(dir.resolve("shared.py"))));
        try (var files = Files.list(dir)) {
            assertEquals(List.of("shared.py", "shared.yaml"),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void moduleWithoutSidecarIsNamed(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("lonely.py"), "x = 1\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SkillFiles.read(dir));
        assertTrue(e.getMessage().contains("lonely.yaml"), e.getMessage());
    }

    @Test
    void sidecarMustBeAMapping() {
        assertThrows(IllegalArgumentException.class, () -> SkillFiles.parse("x", "", "- a\n- b\n", "x.yaml"));
        assertThrows(IllegalArgumentException.class,
                () -> SkillFiles.parse("x", "", "description: a b c\ntags: one\n", "x.yaml"));
    }
}
