package dev.codeexec.registry;

import dev.codeexec.PythonNames;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Writes the execute_code snippet that calls a tool, with Python literals for the example arguments. */
final class PythonSnippet {

    /** The guest module's own names, which hide a category of the same name from attribute access. */
    private static final java.util.Set<String> MODULE_NAMES = java.util.Set.of("search", "categories", "definition",
            "call", "validate");

    private PythonSnippet() {
    }

    static String of(ToolDefinition tool) {
        Map<String, Object> args = tool.examples() == null || tool.examples().isEmpty() ? placeholders(tool)
                : tool.examples().getFirst().args();
        StringBuilder call = new StringBuilder();
        // tools.<category>.<name> only where Python can write both names and the module has no attribute of that
        // name (tools.search is the search function); else tools.call by name, which takes any.
        boolean attribute = PythonNames.plain(tool.category()) && !MODULE_NAMES.contains(tool.category())
                && PythonNames.plain(tool.name());
        if (attribute) {
            call.append("tools.").append(tool.category()).append('.').append(tool.name()).append('(');
        } else {
            call.append("tools.call(").append(literal(tool.name()));
        }
        if (args.keySet().stream().allMatch(PythonNames::plain)) {
            boolean first = attribute;
            for (Map.Entry<String, Object> arg : args.entrySet()) {
                call.append(first ? "" : ", ").append(arg.getKey()).append('=').append(literal(arg.getValue()));
                first = false;
            }
        } else if (!args.isEmpty()) {
            call.append(attribute ? "" : ", ").append("**").append(literal(args));
        }
        call.append(')');
        return "import tools\nresult = " + call + "\nprint(result)\n";
    }

    /** Required arguments with a value of the right type, for tools without an example. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> placeholders(ToolDefinition tool) {
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        Object required = tool.inputSchema().get("required");
        Object props = tool.inputSchema().get("properties");
        if (required instanceof List<?> names && props instanceof Map<?, ?> p) {
            for (Object name : names) {
                Object schema = ((Map<String, Object>) p).get(name.toString());
                Object type = schema instanceof Map<?, ?> s ? s.get("type") : null;
                out.put(name.toString(), switch (String.valueOf(type)) {
                    case "integer", "number" -> 0;
                    case "boolean" -> false;
                    case "array" -> List.of();
                    case "object" -> Map.of();
                    default -> "...";
                });
            }
        }
        return out;
    }

    static String literal(Object value) {
        return switch (value) {
            case null -> "None";
            case Boolean b -> b ? "True" : "False";
            case Number n -> n.toString();
            case String s -> string(s);
            case Map<?, ?> m -> {
                StringBuilder sb = new StringBuilder("{");
                Iterator<? extends Map.Entry<?, ?>> it = m.entrySet().iterator();
                while (it.hasNext()) {
                    Map.Entry<?, ?> e = it.next();
                    sb.append(string(String.valueOf(e.getKey()))).append(": ").append(literal(e.getValue()));
                    sb.append(it.hasNext() ? ", " : "");
                }
                yield sb.append('}').toString();
            }
            case List<?> l -> {
                StringBuilder sb = new StringBuilder("[");
                for (int i = 0; i < l.size(); i++) {
                    sb.append(i > 0 ? ", " : "").append(literal(l.get(i)));
                }
                yield sb.append(']').toString();
            }
            default -> string(value.toString());
        };
    }

    private static String string(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\x%02x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
