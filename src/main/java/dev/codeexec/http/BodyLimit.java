package dev.codeexec.http;

import dev.codeexec.pii.PiiConfig;
import dev.codeexec.tenant.InFlightBudget;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The one bound on an HTTP request's body, {@code quarkus.http.limits.max-body-size}, and the answer past it: a
 * JSON-RPC error on the MCP endpoint, the REST error body elsewhere, both naming the limit (Quarkus alone answers
 * 413 with an empty body). The bound must hold the largest argument a tool declares: {@code pii.max-input-chars}
 * characters at up to 3 bytes each in UTF-8, plus the JSON-RPC envelope, and stay under the longest string Jackson
 * parses, so no body within it is refused with an empty 400 instead; the server refuses to start otherwise. Within
 * the bound, a tenant's bodies in the server at once are held to its {@link BodyBudget} (429 past it).
 */
@ApplicationScoped
public class BodyLimit {

    static final String SETTING = "quarkus.http.limits.max-body-size";
    /** The longest string Jackson parses (StreamReadConstraints' default), as MCP and REST both parse with it. */
    static final long MAX_STRING_CHARS = com.fasterxml.jackson.core.StreamReadConstraints.DEFAULT_MAX_STRING_LEN;
    /** Room for the JSON-RPC envelope and the other arguments beside the largest one. */
    static final long ENVELOPE_BYTES = 2L << 20;

    private final long maxBytes;
    private final String mcpRoot;
    /**
     * Reads a chunked REST body, counting it as it arrives, for RESTEasy to take as read. RESTEasy would count it
     * too, but past the limit it ends the response itself, empty, and the REST error body could never be sent.
     */
    private final BodyHandler chunkedRestBodies;
    private final BodyBudget inFlight;

    public BodyLimit(@ConfigProperty(name = SETTING) MemorySize maxBodySize, PiiConfig pii, HttpAccessConfig access,
            @ConfigProperty(name = "quarkus.mcp.server.http.root-path", defaultValue = "/mcp") String mcpRoot) {
        this.maxBytes = maxBodySize.asLongValue();
        this.mcpRoot = mcpRoot;
        this.inFlight = new BodyBudget(access.maxBodyBytesInFlight().map(MemorySize::asLongValue),
                Runtime.getRuntime().maxMemory(), maxBytes);
        this.chunkedRestBodies = BodyHandler.create(false).setBodyLimit(maxBytes);
        long needed = 3L * pii.maxInputChars() + ENVELOPE_BYTES;
        if (maxBytes > MAX_STRING_CHARS) {
            throw new IllegalStateException(SETTING + " (" + maxBytes + " bytes) must not exceed " + MAX_STRING_CHARS
                    + ", the characters Jackson takes in one string: a larger body could carry a string it refuses "
                    + "with an empty 400");
        }
        if (maxBytes < needed) {
            throw new IllegalStateException(SETTING + " (" + maxBytes + " bytes) must hold pii.max-input-chars ("
                    + pii.maxInputChars() + ") characters at 3 bytes each plus " + ENVELOPE_BYTES + " bytes: at least "
                    + needed + " bytes; raise it or lower pii.max-input-chars");
        }
    }

    public long maxBytes() {
        return maxBytes;
    }

    /** After the access filter (an unauthenticated caller learns nothing), before Quarkus's own length check. */
    void register(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE + 1).handler(this::checkLength);
        // A body without Content-Length (chunked) is counted as it arrives; the body handler fails the request.
        router.route().order(Integer.MIN_VALUE + 1).failureHandler(ctx -> {
            if (ctx.statusCode() == 413 && !ctx.response().ended() && !ctx.response().headWritten()) {
                refuse(ctx, -1);
            } else {
                ctx.next();
            }
        });
    }

    private void checkLength(RoutingContext ctx) {
        String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        long bytes;
        try {
            bytes = length == null ? 0 : Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            bytes = 0;
        }
        if (bytes > maxBytes) {
            refuse(ctx, bytes);
            return;
        }
        boolean chunked = length == null && ctx.request().headers().contains(HttpHeaders.TRANSFER_ENCODING);
        Optional<String> tenant = RequestTenant.find(ctx);
        if (tenant.isPresent() && (bytes > 0 || chunked)) {
            // Taken before the body is read (a chunked REST one just below), given back when the response ends or
            // the connection fails.
            long counted = chunked ? -1 : bytes;
            Optional<InFlightBudget.Held> held = inFlight.admit(tenant.get(), counted);
            if (held.isEmpty()) {
                ctx.response().putHeader(HttpHeaders.RETRY_AFTER, "1");
                refuse(ctx, 429, "busy", -32000, inFlight.refusal(counted));
                return;
            }
            ctx.addEndHandler(ended -> held.get().close());
        }
        if (chunked && !HttpRefusal.onMcp(ctx, mcpRoot)) {
            chunkedRestBodies.handle(ctx);
            return;
        }
        ctx.next();
    }


    private void refuse(RoutingContext ctx, long bytes) {
        String message = "the request body is " + (bytes < 0 ? "larger than the limit" : bytes + " bytes")
                + "; the limit is " + maxBytes + " bytes (" + SETTING + "); send large files in several "
                + "write_workspace_file calls with mode=append";
        refuse(ctx, 413, "too_large", -32600, message);
    }

    /** Answers before the body is read: a JSON-RPC error on the MCP endpoint, the REST error body elsewhere. */
    private void refuse(RoutingContext ctx, int status, String code, int jsonRpcCode, String message) {
        JsonObject body = HttpRefusal.body(HttpRefusal.onMcp(ctx, mcpRoot), code, "body", jsonRpcCode, message);
        ctx.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
        if (ctx.request().version() != io.vertx.core.http.HttpVersion.HTTP_2) {
            // As Quarkus does: the rest of the body is not read, so the connection cannot carry another request.
            ctx.response().putHeader(HttpHeaders.CONNECTION, "close");
        }
        ctx.response().end(body.encode());
    }
}
