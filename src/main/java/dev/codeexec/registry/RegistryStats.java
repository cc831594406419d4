package dev.codeexec.registry;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** Counts for the stats endpoint: tools indexed, categories, skipped definitions, upstream health. */
public record RegistryStats(int tools, int categories, @JsonProperty("load_errors") List<LoadProblem> loadErrors,
        List<UpstreamStatus> upstream) {
}
