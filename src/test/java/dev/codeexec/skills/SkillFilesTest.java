package dev.codeexec.skills;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
