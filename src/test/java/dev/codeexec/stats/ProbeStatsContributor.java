package dev.codeexec.stats;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/** A contributor as another capability would write one; the stats tests look for its figures. */
@ApplicationScoped
public class ProbeStatsContributor implements StatsContributor {

    @Override
    public String name() {
        return "test_probe";
    }

    @Override
    public Object stats(String tenant) {
        return Map.of("widgets", 3);
    }
}
