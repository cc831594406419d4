package dev.codeexec.registry;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Turns one YAML definition into a {@link ToolDefinition}, or says precisely why it cannot. Checks
 * only what the text itself can prove; the directory loader adds file-level checks (name matches file,
 * implementation present).
 */
public final class DefinitionParser {

    /** Thrown for a definition that cannot be used; the message is the reason shown in load errors. */
    public static final class Malformed extends Exception {
        Malformed(String reason) {
            super(reason);
        }
    }

    static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,63}");
    private static final List<String> REQUIRED = List.of("name", "category", "summary", "description",
            "input_schema", "output_schema", "examples", "tags");
    private static final int MAX_BYTES = 256 * 1024;

    private DefinitionParser() {
    }

    public static ToolDefinition parse(String yamlText) throws Malformed {
        if (yamlText.length() > MAX_BYTES) {
            throw new Malformed("definition is larger than " + MAX_BYTES + " characters");
        }
        Object root;
        try {
            // SafeConstructor: a definition file must never instantiate Java types.
            root = new Yaml(new SafeConstructor(new LoaderOptions())).load(yamlText);
        } catch (YAMLException e) {
            throw new Malformed("not valid YAML: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (!(root instanceof Map<?, ?> map)) {
            throw new Malformed("top level must be a mapping of keys");
        }
        for (String key : REQUIRED) {
            if (!map.containsKey(key)) {
                throw new Malformed("missing required key '" + key + "'");
            }
        }
        String name = text(map, "name");
        if (!NAME.matcher(name).matches()) {
            throw new Malformed("name '" + name + "' must be snake_case: [a-z][a-z0-9_]*, up to 64 characters");
        }
        String category = text(map, "category");
        if (!NAME.matcher(category).matches()) {
            throw new Malformed("category '" + category + "' must be snake_case (it is a Python attribute)");
        }
        String summary = text(map, "summary");
        if (summary.contains("\n")) {
            throw new Malformed("summary must be one line");
        }
        Map<String, Object> input = schema(map, "input_schema");
        if (!"object".equals(input.get("type"))) {
            throw new Malformed("input_schema must have type: object (arguments are keyword arguments)");
        }
        return new ToolDefinition(name, category, summary, text(map, "description"), input,
                schema(map, "output_schema"), examples(map.get("examples")), strings(map.get("tags")),
                ToolDefinition.ORIGIN_REGISTRY, null);
    }

    private static String text(Map<?, ?> map, String key) throws Malformed {
        if (!(map.get(key) instanceof String s) || s.isBlank()) {
            throw new Malformed("'" + key + "' must be a non-empty string");
        }
        return s.strip();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> schema(Map<?, ?> map, String key) throws Malformed {
        if (!(map.get(key) instanceof Map<?, ?> m)) {
            throw new Malformed("'" + key + "' must be a JSON Schema object");
        }
        noEmptyKeywords(key, m);
        return (Map<String, Object>) m;
    }

    /**
     * No keyword of a schema is without a value, but {@code default} and {@code const}, which may be null. An
     * unquoted comma in a flow mapping makes one ({@code {description: Separator, one character.}} is read as a key
     * "one character." with no value), and the text after the comma, often the limit, is lost.
     */
    private static void noEmptyKeywords(String at, Object node) throws Malformed {
        if (node instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                String where = at + "." + e.getKey();
                if (e.getValue() == null && !"default".equals(e.getKey()) && !"const".equals(e.getKey())) {
                    throw new Malformed(where + " has no value: quote a string that holds a comma or a colon");
                }
                noEmptyKeywords(where, e.getValue());
            }
        } else if (node instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                noEmptyKeywords(at + "[" + i + "]", list.get(i));
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static List<ToolDefinition.ToolExample> examples(Object value) throws Malformed {
        if (!(value instanceof List<?> list)) {
            throw new Malformed("'examples' must be a list");
        }
        List<ToolDefinition.ToolExample> out = new ArrayList<>();
        for (Object item : list) {
            if (!(item instanceof Map<?, ?> m) || !(m.get("args") instanceof Map<?, ?> args)) {
                throw new Malformed("each example must be a mapping with 'args' (a mapping)");
            }
            Object description = m.get("description");
            out.add(new ToolDefinition.ToolExample(description == null ? null : description.toString(),
                    (Map<String, Object>) args, m.get("expect")));
        }
        return out;
    }

    private static List<String> strings(Object value) throws Malformed {
        if (!(value instanceof List<?> list)) {
            throw new Malformed("'tags' must be a list of strings");
        }
        List<String> out = new ArrayList<>();
        for (Object o : list) {
            out.add(String.valueOf(o));
        }
        return out;
    }
}
