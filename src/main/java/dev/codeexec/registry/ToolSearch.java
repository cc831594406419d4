package dev.codeexec.registry;

/**
 * A search_tools request. An empty query lists categories (or, with a category, that category's tools).
 *
 * @param detail name, summary or full
 */
public record ToolSearch(String query, String category, Integer limit, String detail) {
}
