package dev.codeexec.pii;

import dev.codeexec.stats.StatsContributor;
import jakarta.enterprise.context.ApplicationScoped;

/** PII figures for get_execution_stats: the asking tenant's operations and entity counts, never values. */
@ApplicationScoped
public class PiiStatsContributor implements StatsContributor {

    private final PiiService pii;

    public PiiStatsContributor(PiiService pii) {
        this.pii = pii;
    }

    @Override
    public String name() {
        return "pii";
    }

    @Override
    public Object stats(String tenant) {
        return pii.stats(tenant);
    }
}
