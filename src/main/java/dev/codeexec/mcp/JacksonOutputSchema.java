package dev.codeexec.mcp;

import io.quarkiverse.mcp.server.GlobalOutputSchemaGenerator;
import jakarta.inject.Singleton;

/** Output schemas of structured tool results, from how Jackson serializes them (see {@link JsonSchemas}). */
@Singleton
public class JacksonOutputSchema implements GlobalOutputSchemaGenerator {

    private final JsonSchemas schemas;

    public JacksonOutputSchema(JsonSchemas schemas) {
        this.schemas = schemas;
    }

    @Override
    public Object generate(Class<?> from) {
        return schemas.of(from);
    }
}
