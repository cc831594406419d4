package dev.codeexec.stats;

/**
 * A capability's own figures for get_execution_stats (the registry's tool count, the skills stored,
 * PII operations...). Implement it as an {@code @ApplicationScoped} bean in the capability's package;
 * {@link StatsService} finds every such bean and shows its figures under {@code capabilities.<name>}.
 * It is called on every stats request, so it must be cheap and must not block.
 */
public interface StatsContributor {

    /** Key under {@code capabilities}, snake_case, e.g. {@code registry}. */
    String name();

    /**
     * A JSON-serializable record or map of figures; counts only, never content, and nothing of another tenant's.
     *
     * @param tenant the tenant of the caller asking
     */
    Object stats(String tenant);
}
