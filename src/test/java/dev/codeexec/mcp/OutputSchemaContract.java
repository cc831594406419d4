package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.vertx.core.json.Json;
import java.util.List;
import java.util.Map;

/**
 * Validates a structured tool result against a JSON Schema the way the official TypeScript SDK client
 * does (draft 2020-12): a result that breaks its schema is refused by real clients.
 */
public final class OutputSchemaContract {

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    private OutputSchemaContract() {
    }

    public static void assertMatches(String what, Map<String, Object> schema, Object structuredContent) {
        Schema compiled = REGISTRY.getSchema(Json.encode(schema), InputFormat.JSON);
        String instance = Json.encode(structuredContent);
        List<Error> errors = compiled.validate(instance, InputFormat.JSON);
        assertTrue(errors.isEmpty(), what + " breaks its schema: " + errors + "\nresult: " + abbreviate(instance)
                + "\nschema: " + Json.encode(schema));
    }

    private static String abbreviate(String s) {
        return s.length() <= 2000 ? s : s.substring(0, 2000) + "...";
    }
}
