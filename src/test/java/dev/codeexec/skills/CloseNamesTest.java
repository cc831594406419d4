package dev.codeexec.skills;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class CloseNamesTest {

    private static final List<String> NAMES = List.of("csv_records", "chunk_list", "json_shape", "flatten_dict",
            "retry_backoff");

    @Test
    void typoSuggestsTheIntendedName() {
        assertEquals(List.of("csv_records"), CloseNames.near("csv_recrods", NAMES));
        assertEquals(List.of("json_shape"), CloseNames.near("JSON_shape", NAMES));
    }

    @Test
    void prefixOrFragmentSuggestsContainingNames() {
        assertEquals(List.of("retry_backoff"), CloseNames.near("retry", NAMES));
        assertEquals(List.of("flatten_dict"), CloseNames.near("flatten", NAMES));
    }

    @Test
    void unrelatedNameSuggestsNothing() {
        assertEquals(List.of(), CloseNames.near("send_email", NAMES));
    }

    @Test
    void distanceIsLevenshtein() {
        assertEquals(3, CloseNames.distance("kitten", "sitting"));
        assertEquals(0, CloseNames.distance("", ""));
        assertEquals(4, CloseNames.distance("", "abcd"));
    }
}
