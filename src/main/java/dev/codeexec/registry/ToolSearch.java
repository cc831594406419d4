package dev.codeexec.registry;

import java.util.List;

/**
 * A search_tools request. An empty query lists categories (or, with a category, that category's tools).
 *
 * @param detail name, summary or full
 */
public record ToolSearch(String query, String category, Integer limit, String detail) {

    public static final int DEFAULT_LIMIT = 10;
    public static final int MAX_LIMIT = 50;
    public static final int MAX_QUERY = 500;
    /** Detail levels, tersest first; the default is summary. */
    public static final List<String> DETAILS = List.of("name", "summary", "full");
    public static final String DEFAULT_DETAIL = "summary";
}
