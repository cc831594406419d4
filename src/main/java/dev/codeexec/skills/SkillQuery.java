package dev.codeexec.skills;

/**
 * A listing request before validation; nullable fields take their defaults (limit 20, offset 0).
 *
 * @param query free text ranked against names, descriptions and tags; null or blank lists newest first
 * @param tag   only skills carrying this tag
 */
public record SkillQuery(String query, String tag, Integer limit, Integer offset) {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;
    /** As search_tools': every word is scored against every skill, so the cost grew with the query, unbounded. */
    public static final int MAX_QUERY = 500;
}
