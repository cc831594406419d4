package dev.codeexec.registry;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;

/** An upstream server's tool as a registry definition, its texts bounded. */
final class UpstreamDefinitions {

    private static final int MAX_DESCRIPTION_CHARS = 4000;
    private static final int MAX_SUMMARY_CHARS = 300;

    private UpstreamDefinitions() {
    }

    static ToolDefinition of(String server, McpSchema.Tool tool) {
        Map<String, Object> input = tool.inputSchema() == null ? Map.of("type", "object") : tool.inputSchema();
        String description = bounded(tool.description() == null ? tool.name() : tool.description(),
                MAX_DESCRIPTION_CHARS);
        String summary = bounded(description.lines().findFirst().orElse(tool.name()), MAX_SUMMARY_CHARS);
        return new ToolDefinition(tool.name(), server, summary, description, input, tool.outputSchema(),
                List.of(), List.of(server), ToolDefinition.ORIGIN_UPSTREAM, server);
    }

    /**
     * Another server's text cut to {@code max} characters, saying so: its descriptions go into search answers and
     * definitions, which a model reads whole (one of 108 KB made a 432 KB definition).
     */
    private static String bounded(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return text.substring(0, end) + " [... cut at " + end + " of " + text.length() + " characters]";
    }
}
