package dev.codeexec.skills;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.InvalidInputException;
import dev.codeexec.InvalidInputException.Kind;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class SkillRulesTest {

    @ParameterizedTest
    @ValueSource(strings = {"csv_records", "_private", "a", "A1_b2", "x234567890123456789012345678901234567890123456789012345678901234"})
    void acceptsPythonIdentifiersUpTo64(String name) {
        assertEquals(name, SkillRules.name(name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1abc", "has-dash", "has space", "dotted.name", "naïve", "class", "import", "load",
        "list", "module", "__init__", "x2345678901234567890123456789012345678901234567890123456789012345"})
    void rejectsNamesThatCannotBeImported(String name) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> SkillRules.name(name));
        assertEquals("name", e.field());
        assertTrue(e.getMessage().startsWith("name: "), e.getMessage());
    }

    @Test
    void descriptionNeedsThreeWords() {
        assertEquals("Parses CSV files.", SkillRules.description("  Parses CSV files.  "));
        for (String bad : new String[] {null, "", "   ", "Parses CSV", "... !!! ???", "a1 b2"}) {
            assertEquals("description",
                    assertThrows(InvalidInputException.class, () -> SkillRules.description(bad)).field());
        }
    }

    @Test
    void descriptionOverLimitIsTooLarge() {
        String d = "word ".repeat(201);
        assertEquals(Kind.TOO_LARGE,
                assertThrows(InvalidInputException.class, () -> SkillRules.description(d)).kind());
    }

    @Test
    void codeIsLimitedTo256KiBOfUtf8() {
        String ok = "#" + "x".repeat(256 * 1024 - 1);
        assertEquals(ok, SkillRules.code(ok));
        // 'é' is two bytes in UTF-8: fewer characters than the limit, more bytes
        String tooBig = "#" + "é".repeat(128 * 1024);
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> SkillRules.code(tooBig));
        assertEquals(Kind.TOO_LARGE, e.kind());
        assertTrue(e.getMessage().contains("262144"), e.getMessage());
        assertEquals("code", assertThrows(InvalidInputException.class, () -> SkillRules.code("  \n")).field());
    }

    @Test
    void tagsAreLowerCasedAndDeduplicated() {
        assertEquals(List.of("csv", "data-io"), SkillRules.tags(List.of("CSV", "data-io", "csv")));
        assertEquals(List.of(), SkillRules.tags(null));
        assertThrows(InvalidInputException.class, () -> SkillRules.tags(List.of("has space")));
        assertThrows(InvalidInputException.class, () -> SkillRules.tags(List.of("-leading")));
        assertThrows(InvalidInputException.class, () -> SkillRules.tags(java.util.Collections.nCopies(17, "t")));
    }

    @Test
    void pagingBounds() {
        assertEquals(20, SkillRules.limit(null));
        assertEquals(0, SkillRules.offset(null));
        assertThrows(InvalidInputException.class, () -> SkillRules.limit(0));
        assertThrows(InvalidInputException.class, () -> SkillRules.limit(101));
        assertThrows(InvalidInputException.class, () -> SkillRules.offset(-1));
        assertThrows(InvalidInputException.class, () -> SkillRules.version(0));
    }
}
