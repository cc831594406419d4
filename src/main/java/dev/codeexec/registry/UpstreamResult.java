package dev.codeexec.registry;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.annotation.Nullable;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What an upstream tool's answer gives its caller. Structured content, or text alone, keeps the shape callers have
 * always had: {@code value} is the structured content, else the text parsed as JSON when it parses, else the text.
 * When the tool returned anything besides text (a screenshot, audio, a resource), {@code content} holds every item in
 * order instead, so nothing it returned is dropped. At most one of the two is set, and the guest module tells the
 * shapes apart by which (a text result that parses as a list of items must not pass for one).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UpstreamResult(@Nullable Object value, @Nullable List<UpstreamContentItem> content) {

    static UpstreamResult of(McpSchema.CallToolResult result, McpJsonMapper mapper) {
        if (result.structuredContent() != null) {
            // An output schema promises this shape, with or without other items beside it.
            return new UpstreamResult(result.structuredContent(), null);
        }
        List<McpSchema.Content> items = items(result);
        if (items.stream().allMatch(McpSchema.TextContent.class::isInstance)) {
            String text = text(result);
            try {
                return new UpstreamResult(mapper.readValue(text, Object.class), null);
            } catch (java.io.IOException | RuntimeException notJson) {
                return new UpstreamResult(text, null);
            }
        }
        return new UpstreamResult(null, items.stream().map(UpstreamContentItem::of).toList());
    }

    /**
     * What a failed call ({@code isError}) says: its text parts, as a message. A failure with no text at all names the
     * kinds of what it returned instead of saying nothing.
     */
    static String failureText(McpSchema.CallToolResult result) {
        String text = text(result);
        List<McpSchema.Content> items = items(result);
        if (!text.isEmpty() || items.isEmpty()) {
            return text;
        }
        return "(no text; it returned " + items.stream().map(McpSchema.Content::type).collect(Collectors.joining(", "))
                + ")";
    }

    private static String text(McpSchema.CallToolResult result) {
        StringBuilder sb = new StringBuilder();
        for (McpSchema.Content c : items(result)) {
            if (c instanceof McpSchema.TextContent t) {
                sb.append(t.text());
            }
        }
        return sb.toString();
    }

    private static List<McpSchema.Content> items(McpSchema.CallToolResult result) {
        return result.content() == null ? List.of() : result.content();
    }
}
