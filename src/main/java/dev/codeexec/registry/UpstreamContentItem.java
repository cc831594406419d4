package dev.codeexec.registry;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.annotation.Nullable;

/**
 * One item of an upstream tool's content, as the guest module receives it. {@code type} is MCP's: {@code text},
 * {@code image} and {@code audio} ({@code mime_type}, {@code data}), {@code resource} (an embedded resource:
 * {@code uri}, {@code mime_type}, and {@code text} or {@code data}) or {@code resource_link} ({@code uri},
 * {@code name}, {@code mime_type}, {@code description}). {@code data} stays the base64 MCP carries: decoding it here
 * would only have it encoded again for the bridge's JSON, so the guest decodes it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UpstreamContentItem(String type, @Nullable String text, @Nullable @JsonProperty("mime_type") String mimeType,
        @Nullable String data, @Nullable String uri, @Nullable String name, @Nullable String description) {

    static UpstreamContentItem of(McpSchema.Content content) {
        return switch (content) {
            case McpSchema.TextContent t -> new UpstreamContentItem("text", t.text(), null, null, null, null, null);
            case McpSchema.ImageContent i -> new UpstreamContentItem("image", null, i.mimeType(), i.data(), null, null,
                    null);
            case McpSchema.AudioContent a -> new UpstreamContentItem("audio", null, a.mimeType(), a.data(), null, null,
                    null);
            case McpSchema.EmbeddedResource e -> embedded(e.resource());
            case McpSchema.ResourceLink l -> new UpstreamContentItem("resource_link", null, l.mimeType(), null, l.uri(),
                    l.name(), l.description());
            // A kind of content newer than this SDK: its type at least, rather than nothing.
            default -> new UpstreamContentItem(content.type(), null, null, null, null, null, null);
        };
    }

    private static UpstreamContentItem embedded(McpSchema.ResourceContents resource) {
        return switch (resource) {
            case McpSchema.TextResourceContents t -> new UpstreamContentItem("resource", t.text(), t.mimeType(), null,
                    t.uri(), null, null);
            case McpSchema.BlobResourceContents b -> new UpstreamContentItem("resource", null, b.mimeType(), b.blob(),
                    b.uri(), null, null);
            default -> new UpstreamContentItem("resource", null, resource.mimeType(), null, resource.uri(), null, null);
        };
    }
}
