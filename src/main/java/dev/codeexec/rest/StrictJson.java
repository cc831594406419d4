package dev.codeexec.rest;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;

/**
 * The REST bodies' JSON reader refuses fields it does not know, as the MCP tools refuse unknown arguments: a
 * misspelt {@code timeout} would otherwise be dropped and the run would go on under the default limit. It takes no
 * number or boolean for a string ({@code "code": 5} ran "5") and no number or string for a boolean
 * ({@code "background": 1} was true), as MCP refuses them; integers are read as MCP reads them ({@link WholeNumbers}).
 * A body with more after its JSON value ({@code {"code": "x"} junk}) is refused, not read up to the junk. Only REST
 * reads through this mapper; the application's shared one keeps Quarkus's lenient default.
 */
@Provider
public class StrictJson implements ContextResolver<ObjectMapper> {

    private final ObjectMapper strict;

    public StrictJson(ObjectMapper shared) {
        ObjectMapper mapper = shared.copy().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).registerModule(new WholeNumbers());
        mapper.coercionConfigFor(LogicalType.Textual).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        this.strict = mapper;
    }

    @Override
    public ObjectMapper getContext(Class<?> type) {
        return strict;
    }
}
