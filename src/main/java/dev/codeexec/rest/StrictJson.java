package dev.codeexec.rest;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;

/**
 * The REST bodies' JSON reader refuses fields it does not know, as the MCP tools refuse unknown arguments: a
 * misspelt {@code timeout} would otherwise be dropped and the run would go on under the default limit. Only REST
 * reads through this mapper; the application's shared one keeps Quarkus's lenient default.
 */
@Provider
public class StrictJson implements ContextResolver<ObjectMapper> {

    private final ObjectMapper strict;

    public StrictJson(ObjectMapper shared) {
        this.strict = shared.copy().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    @Override
    public ObjectMapper getContext(Class<?> type) {
        return strict;
    }
}
