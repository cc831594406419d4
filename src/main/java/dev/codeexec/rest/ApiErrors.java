package dev.codeexec.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.codeexec.InvalidInputException;
import dev.codeexec.sandbox.SandboxBusyException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.stream.Collectors;
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

    /** A field the body does not have, named with the ones it has, as execute_code names its arguments. */
    @ServerExceptionMapper
    public Response unknownField(UnrecognizedPropertyException e) {
        String field = path(e);
        String known = e.getKnownPropertyIds() == null ? "" : e.getKnownPropertyIds().stream().map(String::valueOf)
                .sorted().collect(Collectors.joining(", "));
        return body(Response.Status.BAD_REQUEST, "invalid", field,
                InvalidInputException.echo(field) + ": unknown field; this body takes " + known);
    }

    /** A value of the wrong JSON type, named by its field rather than by the Java type it did not fit. */
    @ServerExceptionMapper
    public Response wrongType(MismatchedInputException e) {
        String field = path(e);
        if (field.isEmpty()) {
            // DeserializationFeature.FAIL_ON_TRAILING_TOKENS: the object itself was read.
            boolean trailing = e.getOriginalMessage() != null && e.getOriginalMessage().startsWith("Trailing token");
            return body(Response.Status.BAD_REQUEST, "invalid", "body", trailing
                    ? "body: must be one JSON object with nothing after it" : "body: must be a JSON object");
        }
        return body(Response.Status.BAD_REQUEST, "invalid", field,
                InvalidInputException.echo(field) + ": must be " + expected(e.getTargetType()));
    }

    /**
     * What the JSON body reader refuses itself: it answers a body it cannot parse (bad syntax, a field that fails its
     * own check) with an empty 400, and the server a body of another media type with an empty 415. Other statuses
     * (an unknown path, a method not allowed) keep the framework's answer.
     */
    @ServerExceptionMapper
    public Response unreadableBody(WebApplicationException e, HttpHeaders headers) {
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof InvalidInputException invalid) {
                return invalidInput(invalid);
            }
        }
        if (e.getCause() instanceof JsonProcessingException json) {
            return malformedJson(json);
        }
        if (e.getResponse().getStatus() == Response.Status.UNSUPPORTED_MEDIA_TYPE.getStatusCode()) {
            MediaType sent = headers.getMediaType();
            return body(Response.Status.UNSUPPORTED_MEDIA_TYPE, "invalid", "body", "body: must be a JSON object sent "
                    + "with Content-Type: application/json, not " + (sent == null ? "no Content-Type"
                    : InvalidInputException.echo(sent.toString())));
        }
        return e.getResponse();
    }

    @ServerExceptionMapper
    public Response malformedJson(JsonProcessingException e) {
        return body(Response.Status.BAD_REQUEST, "invalid", "body",
                "body: is not valid JSON for this endpoint (" + e.getOriginalMessage() + ")");
    }

    private static String path(JsonMappingException e) {
        return e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining(".")).replace(".[", "[");
    }

    private static String expected(Class<?> type) {
        if (type == null) {
            return "another JSON type";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "an integer";
        }
        if (Number.class.isAssignableFrom(type) || type == double.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string";
        }
        if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        return "a JSON object";
    }

    private static Response body(Response.Status status, String error, String field, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON).entity(new ErrorBody(error, field, message))
                .build();
    }
}
