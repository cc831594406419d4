package dev.codeexec.skills;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SkillRankingTest {

    @Test
    void underscoresSeparateWords() {
        assertEquals(List.of("csv", "records", "v2"), SkillRanking.words("CSV_records-v2"));
        assertEquals(List.of(), SkillRanking.words(null));
    }

    @Test
    void nameMatchOutranksDescriptionMatch() {
        List<String> q = SkillRanking.words("csv");
        double byName = SkillRanking.score(q, "csv_records", "Loads tables into records.", List.of());
        double byDescription = SkillRanking.score(q, "table_loader", "Loads csv tables into records.", List.of());
        double byTag = SkillRanking.score(q, "table_loader", "Loads tables into records.", List.of("csv"));
        assertTrue(byName > byTag && byTag > byDescription && byDescription > 0,
                byName + " " + byTag + " " + byDescription);
    }

    @Test
    void unrelatedSkillScoresZero() {
        assertEquals(0, SkillRanking.score(SkillRanking.words("retry backoff"), "csv_records",
                "Loads CSV files into dicts.", List.of("csv")));
    }

    @Test
    void prefixOfADescriptionWordCounts() {
        assertTrue(SkillRanking.score(SkillRanking.words("paginat"), "splitter", "Paginates long text.", List.of()) > 0);
    }

    @Test
    void exactNameWinsOverPartialMatches() {
        List<String> q = SkillRanking.words("chunk list");
        assertTrue(SkillRanking.score(q, "chunk_list", "Splits lists.", List.of())
                > SkillRanking.score(q, "chunk_text", "Chunk a list of lines into a list.", List.of("list")));
    }
}
