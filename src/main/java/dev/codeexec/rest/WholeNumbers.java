package dev.codeexec.rest;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.codeexec.Arguments;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * REST bodies' integer fields read by {@link Arguments}, as the MCP tools read theirs: 5.0 and 1e2 are integers;
 * 2.7, or a value past the field's type, is refused naming the field. Jackson took 2.7 as 2 and answered a number
 * past int range with an empty 400.
 */
final class WholeNumbers extends SimpleModule {

    WholeNumbers() {
        super("whole-numbers");
        addDeserializer(Integer.class, new Whole<>(Integer.class, Arguments::integer));
        addDeserializer(Integer.TYPE, new Whole<>(Integer.TYPE, Arguments::integer));
        addDeserializer(Long.class, new Whole<>(Long.class, Arguments::whole));
        addDeserializer(Long.TYPE, new Whole<>(Long.TYPE, Arguments::whole));
    }

    private static final class Whole<T> extends StdScalarDeserializer<T> {

        private final transient BiFunction<Map<String, Object>, String, T> read;

        Whole(Class<T> type, BiFunction<Map<String, Object>, String, T> read) {
            super(type);
            this.read = read;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            if (!parser.currentToken().isNumeric()) {
                // A string, flag, array or object: refused as a mismatch, which names the field.
                return (T) context.handleUnexpectedToken(handledType(), parser);
            }
            String field = parser.currentName();
            Map<String, Object> value = new HashMap<>();
            value.put(field, parser.getNumberValue());
            return read.apply(value, field);
        }

        @Override
        public LogicalType logicalType() {
            return LogicalType.Integer;
        }
    }
}
