package dev.codeexec.skills;

import dev.codeexec.stats.StatsContributor;
import jakarta.enterprise.context.ApplicationScoped;

/** Skills figures for get_execution_stats. */
@ApplicationScoped
public class SkillStatsContributor implements StatsContributor {

    private final SkillStore store;

    public SkillStatsContributor(SkillStore store) {
        this.store = store;
    }

    @Override
    public String name() {
        return "skills";
    }

    @Override
    public Object stats(String tenant) {
        return store.counts(tenant);
    }
}
