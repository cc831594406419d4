package dev.codeexec.mcp;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import jakarta.annotation.Nullable;
import jakarta.inject.Singleton;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * JSON Schema of a Java type as Jackson really serializes it: the JSON names ({@code exit_code}), a
 * property {@code required} only when every value carries it, {@code null} allowed only where it can
 * occur. A reference-typed property is present and non-null unless it is marked {@link Nullable}; a
 * nullable one is then either omitted (the record's {@code @JsonInclude} drops nulls) or sent as null.
 * {@code Object} stands for any JSON value. Field descriptions are left out: the tool's description
 * explains its result once, and every client pays for tools/list on every connection. Clients validate
 * results against these schemas, so a missing {@code @Nullable} is a broken tool: the contract test calls
 * every tool to catch it.
 */
@Singleton
public class JsonSchemas {

    private static final int MAX_DEPTH = 6;

    private final ObjectMapper json;

    public JsonSchemas(ObjectMapper json) {
        this.json = json;
    }

    public Map<String, Object> of(Type type) {
        return of(json.constructType(type), 0);
    }

    /**
     * The schema of a value that is one of several object types: every property of any of them (the first
     * type's schema wins for a shared name), required only when all of them require it.
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> union(Type... types) {
        Map<String, Object> properties = new LinkedHashMap<>();
        List<String> required = null;
        for (Type type : types) {
            Map<String, Object> schema = of(type);
            ((Map<String, Object>) schema.get("properties")).forEach(properties::putIfAbsent);
            List<String> own = (List<String>) schema.getOrDefault("required", List.of());
            required = required == null ? new ArrayList<>(own) : new ArrayList<>(required.stream().filter(own::contains).toList());
        }
        Map<String, Object> union = new LinkedHashMap<>();
        union.put("type", "object");
        union.put("properties", properties);
        if (required != null && !required.isEmpty()) {
            union.put("required", required);
        }
        return union;
    }

    /**
     * An object's {@code schema} with the properties of {@code type} added, none required: fields any result may carry.
     * They come last and {@code type}'s definition wins over a same-named one, so a result type that also names one
     * of them (a background run's view names its vault) leaves the advertised schema as it was.
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> with(Map<String, Object> schema, Type type) {
        Map<String, Object> extended = new LinkedHashMap<>(schema);
        Map<String, Object> properties = new LinkedHashMap<>((Map<String, Object>) schema.get("properties"));
        Map<String, Object> added = (Map<String, Object>) of(type).get("properties");
        properties.keySet().removeAll(added.keySet());
        properties.putAll(added);
        extended.put("properties", properties);
        return extended;
    }

    private Map<String, Object> of(JavaType type, int depth) {
        Map<String, Object> schema = new LinkedHashMap<>();
        Class<?> raw = type.getRawClass();
        if (raw == Object.class || JsonNode.class.isAssignableFrom(raw)) {
            return schema; // any JSON value
        }
        if (raw.isEnum()) {
            schema.put("type", "string");
            schema.put("enum", Arrays.stream(raw.getEnumConstants()).map(c -> json.convertValue(c, String.class)).toList());
        } else if (raw == String.class || Temporal.class.isAssignableFrom(raw) || raw == char.class) {
            schema.put("type", "string");
        } else if (raw == boolean.class || raw == Boolean.class) {
            schema.put("type", "boolean");
        } else if (raw == int.class || raw == long.class || raw == short.class || raw == Integer.class
                || raw == Long.class || raw == Short.class) {
            schema.put("type", "integer");
        } else if (Number.class.isAssignableFrom(raw) || raw == double.class || raw == float.class) {
            schema.put("type", "number");
        } else if (type.isCollectionLikeType() || type.isArrayType()) {
            schema.put("type", "array");
            if (depth < MAX_DEPTH) {
                schema.put("items", of(type.getContentType(), depth + 1));
            }
        } else if (type.isMapLikeType()) {
            schema.put("type", "object");
            Map<String, Object> values = depth < MAX_DEPTH ? of(type.getContentType(), depth + 1) : Map.of();
            if (!values.isEmpty()) {
                schema.put("additionalProperties", values);
            }
        } else {
            schema.put("type", "object");
            if (depth < MAX_DEPTH) {
                properties(type, depth, schema);
            }
        }
        return schema;
    }

    private void properties(JavaType type, int depth, Map<String, Object> schema) {
        SerializationConfig config = json.getSerializationConfig();
        BeanDescription bean = config.introspect(type);
        JsonInclude.Value classInclusion = bean.findPropertyInclusion(
                config.getDefaultPropertyInclusion(type.getRawClass()));
        Map<String, Object> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (BeanPropertyDefinition property : bean.findProperties()) {
            Map<String, Object> field = of(property.getPrimaryType(), depth + 1);
            JsonInclude.Include inclusion = classInclusion.withOverrides(property.findInclusion()).getValueInclusion();
            boolean nullable = annotated(property, Nullable.class);
            // Absent from some results: a null the record drops, or an empty or default value it may drop.
            boolean omitted = switch (inclusion) {
                case ALWAYS, USE_DEFAULTS -> false;
                case NON_NULL, NON_ABSENT -> nullable;
                default -> true;
            };
            if (nullable && !omitted) {
                allowNull(field);
            }
            properties.put(property.getName(), field);
            if (!omitted) {
                required.add(property.getName());
            }
        }
        schema.put("properties", properties);
        if (!required.isEmpty()) {
            schema.put("required", required);
        }
    }

    private static void allowNull(Map<String, Object> field) {
        Object type = field.get("type");
        if (type instanceof String t) {
            field.put("type", List.of(t, "null"));
        }
        if (field.get("enum") instanceof List<?> values) {
            field.put("enum", Stream.concat(values.stream(), Stream.of((Object) null)).toList());
        }
    }

    private static boolean annotated(BeanPropertyDefinition property, Class<? extends Annotation> a) {
        return members(property).anyMatch(m -> m.hasAnnotation(a));
    }

    private static Stream<AnnotatedMember> members(BeanPropertyDefinition property) {
        return Stream.of(property.getAccessor(), property.getField(), property.getConstructorParameter())
                .filter(Objects::nonNull);
    }
}
