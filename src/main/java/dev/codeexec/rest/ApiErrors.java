package dev.codeexec.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.codeexec.InvalidInputException;
import dev.codeexec.sandbox.SandboxBusyException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** The one place REST errors become status codes; bodies are {@code {"error": code, "message": text}}. */
public class ApiErrors {

    /** The JSON body of every REST error. */
    public record ErrorBody(String error, String field, String message) {
    }

    @ServerExceptionMapper
    public Response invalidInput(InvalidInputException e) {
        Response.Status status = switch (e.kind()) {
            case INVALID -> Response.Status.BAD_REQUEST;
            case TOO_LARGE -> Response.Status.REQUEST_ENTITY_TOO_LARGE;
            case NOT_FOUND -> Response.Status.NOT_FOUND;
            case CONFLICT -> Response.Status.CONFLICT;
            case FORBIDDEN -> Response.Status.FORBIDDEN;
            case GONE -> Response.Status.GONE;
        };
        return body(status, e.kind().name().toLowerCase(), e.field(), e.getMessage());
    }

    @ServerExceptionMapper
    public Response busy(SandboxBusyException e) {
        return body(Response.Status.TOO_MANY_REQUESTS, "busy", null, e.getMessage());
    }

    @ServerExceptionMapper
    public Response malformedJson(JsonProcessingException e) {
        return body(Response.Status.BAD_REQUEST, "invalid", "body",
                "body: is not valid JSON for this endpoint (" + e.getOriginalMessage() + ")");
    }

    private static Response body(Response.Status status, String error, String field, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON).entity(new ErrorBody(error, field, message))
                .build();
    }
}
