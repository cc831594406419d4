package dev.codeexec.mcp;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import io.quarkiverse.mcp.server.GlobalOutputSchemaGenerator;
import jakarta.inject.Singleton;
import java.time.temporal.Temporal;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Output schemas derived from how Jackson really serializes a result, so the schema names exactly
 * the fields clients receive ({@code exit_code}, not {@code exitCode}); the default generator
 * misses {@code @JsonProperty} on record components.
 */
@Singleton
public class JacksonOutputSchema implements GlobalOutputSchemaGenerator {

    private static final int MAX_DEPTH = 6;

    private final ObjectMapper json;

    public JacksonOutputSchema(ObjectMapper json) {
        this.json = json;
    }

    @Override
    public Object generate(Class<?> from) {
        return schemaOf(json.constructType(from), 0);
    }

    private Map<String, Object> schemaOf(JavaType type, int depth) {
        Map<String, Object> schema = new LinkedHashMap<>();
        Class<?> raw = type.getRawClass();
        if (raw == String.class || raw.isEnum() || Temporal.class.isAssignableFrom(raw) || raw == char.class) {
            schema.put("type", "string");
        } else if (raw == boolean.class || raw == Boolean.class) {
            schema.put("type", "boolean");
        } else if (raw == int.class || raw == long.class || raw == short.class || raw == Integer.class
                || raw == Long.class || raw == Short.class) {
            schema.put("type", "integer");
        } else if (Number.class.isAssignableFrom(raw) || raw == double.class || raw == float.class) {
            schema.put("type", "number");
        } else if (type.isCollectionLikeType() || type.isArrayType() || Collection.class.isAssignableFrom(raw)) {
            schema.put("type", "array");
            if (type.getContentType() != null && depth < MAX_DEPTH) {
                schema.put("items", schemaOf(type.getContentType(), depth + 1));
            }
        } else if (type.isMapLikeType()) {
            schema.put("type", "object");
        } else {
            schema.put("type", "object");
            if (depth < MAX_DEPTH) {
                BeanDescription bean = json.getSerializationConfig().introspect(type);
                Map<String, Object> properties = new LinkedHashMap<>();
                for (BeanPropertyDefinition property : bean.findProperties()) {
                    Map<String, Object> field = schemaOf(property.getPrimaryType(), depth + 1);
                    JsonPropertyDescription description = property.getAccessor() == null ? null
                            : property.getAccessor().getAnnotation(JsonPropertyDescription.class);
                    if (description == null && property.getField() != null) {
                        description = property.getField().getAnnotation(JsonPropertyDescription.class);
                    }
                    if (description != null) {
                        field.put("description", description.value());
                    }
                    properties.put(property.getName(), field);
                }
                schema.put("properties", properties);
                schema.put("required", List.copyOf(properties.keySet()));
            }
        }
        return schema;
    }
}
