package dev.codeexec.pii;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Operator-defined recognizers from YAML and JSON, and broken files failing loudly. */
class CustomRecognizerFileTest {

    @TempDir
    Path dir;

    @Test
    void yamlRecognizerDetectsWithContextRules() {
        List<Recognizer> custom = CustomRecognizerFile.load(Path.of("src/test/resources/pii/custom-recognizers.yaml"));
        Analyzer analyzer = new Analyzer(custom);
        String text = "EMP-123456 and PRJ0042 are unrelated to anything at all; for the project: PRJ0043";
        List<String> found = analyzer.analyze(text, null, 0.5).stream()
                .map(f -> f.entity() + ":" + text.substring(f.start(), f.end())).toList();
        assertEquals(List.of("EMPLOYEE_ID:EMP-123456", "PROJECT_CODE:PRJ0043"), found);
        assertEquals("custom:EMPLOYEE_ID", analyzer.analyze(text, Set.of("EMPLOYEE_ID"), 0.5).get(0).recognizer());
    }

    @Test
    void jsonFileWorksToo() throws IOException {
        Path file = Files.writeString(dir.resolve("r.json"),
                "{\"recognizers\":[{\"entity\":\"TICKET\",\"patterns\":[{\"regex\":\"TCK-[0-9]{4}\",\"score\":0.9}]}]}");
        Analyzer analyzer = new Analyzer(CustomRecognizerFile.load(file));
        assertEquals(1, analyzer.analyze("see TCK-1234.", null, 0.5).size());
    }

    @Test
    void brokenFilesNameTheEntryAndProblem() throws IOException {
        Path lookaround = Files.writeString(dir.resolve("a.yaml"),
                "recognizers:\n  - entity: X_ID\n    patterns:\n      - regex: '(?=x)y'\n");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> CustomRecognizerFile.load(lookaround));
        assertTrue(e.getMessage().contains("recognizers[0].patterns[0]: regex is not valid RE2 syntax"), e.getMessage());
        Path badName = Files.writeString(dir.resolve("b.yaml"),
                "recognizers:\n  - entity: lower\n    patterns:\n      - regex: 'x'\n");
        assertTrue(assertThrows(IllegalStateException.class, () -> CustomRecognizerFile.load(badName))
                .getMessage().contains("entity must be"));
        Path badScore = Files.writeString(dir.resolve("c.yaml"),
                "recognizers:\n  - entity: X_ID\n    patterns:\n      - regex: 'x'\n        score: 3\n");
        assertTrue(assertThrows(IllegalStateException.class, () -> CustomRecognizerFile.load(badScore))
                .getMessage().contains("score must be between 0 and 1"));
    }
}
