package dev.codeexec.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkiverse.mcp.server.GlobalInputSchemaGenerator;
import io.quarkiverse.mcp.server.ToolManager;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Input schemas of the tools: each argument's JSON type (from {@link JsonSchemas}), its description, its
 * default as a typed JSON value, and its bounds from {@link ToolArgumentRules}.
 */
@Singleton
public class ToolInputSchema implements GlobalInputSchemaGenerator {

    private final JsonSchemas schemas;
    private final ToolArgumentRules rules;
    private final ObjectMapper json;

    public ToolInputSchema(JsonSchemas schemas, ToolArgumentRules rules, ObjectMapper json) {
        this.schemas = schemas;
        this.rules = rules;
        this.json = json;
    }

    @Override
    public InputSchema generate(ToolManager.ToolInfo tool) {
        Map<String, Object> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (ToolManager.ToolArgument argument : tool.arguments()) {
            Map<String, Object> property = new LinkedHashMap<>(schemas.of(argument.type()));
            if (argument.description() != null && !argument.description().isBlank()) {
                property.put("description", argument.description());
            }
            if (argument.defaultValue() != null) {
                property.put("default", typed(argument.defaultValue(), property.get("type")));
            }
            property.putAll(rules.of(tool.name(), argument.name()));
            properties.put(argument.name(), property);
            if (argument.required()) {
                required.add(argument.name());
            }
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        if (!required.isEmpty()) {
            schema.put("required", required);
        }
        String text;
        try {
            text = json.writeValueAsString(schema);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("input schema of " + tool.name() + " is not serializable", e);
        }
        return new InputSchema() {
            @Override
            public Object value() {
                return schema;
            }

            @Override
            public String asJson() {
                return text;
            }
        };
    }

    /** The default as the JSON value of the argument's type: 30, not "30". */
    private static Object typed(String value, Object type) {
        return switch (String.valueOf(type)) {
            case "integer" -> Long.valueOf(value);
            case "number" -> Double.valueOf(value);
            case "boolean" -> Boolean.valueOf(value);
            default -> value;
        };
    }
}
