package dev.codeexec.registry;

import dev.codeexec.stats.StatsContributor;
import jakarta.enterprise.context.ApplicationScoped;

/** Registry figures for get_execution_stats: tools, categories, load problems, upstream servers. */
@ApplicationScoped
public class RegistryStatsContributor implements StatsContributor {

    private final RegistryService registry;

    public RegistryStatsContributor(RegistryService registry) {
        this.registry = registry;
    }

    @Override
    public String name() {
        return "registry";
    }

    @Override
    public Object stats(String tenant) {
        return registry.stats();
    }
}
