package dev.codeexec.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.Provider;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import org.jboss.resteasy.reactive.server.spi.ResteasyReactiveResourceInfo;
import org.jboss.resteasy.reactive.server.spi.ServerMessageBodyWriter;
import org.jboss.resteasy.reactive.server.spi.ServerRequestContext;

/**
 * Writes REST JSON entities as Quarkus does, streaming, but counts their bytes against the tenant's
 * {@link ResponseBudget} as they are serialized, on the request's thread: Quarkus copies them into direct buffers
 * there, before they reach the connection, and a hundred reads answered at once were all in direct memory before the
 * connection had counted the first (a {@code WriterInterceptor} or a replaced entity stream would make Quarkus build
 * each entity whole as a String instead, and the heap ran out). Past the budget, a response none of which was written
 * is answered 429 {@code busy} naming the setting; one under way waits for the tenant's clients to take bytes, and
 * loses its connection once none has been taken for {@link ResponseBudget#STALL}.
 */
@Provider
@Produces(MediaType.APPLICATION_JSON)
@Priority(Priorities.USER - 100)
public class CountedJsonWriter implements ServerMessageBodyWriter<Object> {

    private final CurrentVertxRequest request;
    private final ObjectWriter json;
    private final ResponseLimit limit;

    public CountedJsonWriter(CurrentVertxRequest request, ObjectMapper mapper, ResponseLimit limit) {
        this.request = request;
        this.json = mapper.writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        this.limit = limit;
    }

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, ResteasyReactiveResourceInfo target,
            MediaType mediaType) {
        return counted(type, mediaType);
    }

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return counted(type, mediaType);
    }

    /** Every JSON entity: Quarkus may choose a writer once per resource method, not per request. */
    private boolean counted(Class<?> type, MediaType mediaType) {
        return MediaType.APPLICATION_JSON_TYPE.isCompatible(mediaType) && type != String.class
                && type != byte[].class;
    }

    @Override
    public void writeResponse(Object entity, Type genericType, ServerRequestContext context) throws IOException {
        write(entity, context.getOrCreateOutputStream(), context);
    }

    @Override
    public void writeTo(Object entity, Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType,
            MultivaluedMap<String, Object> headers, OutputStream out) throws IOException {
        write(entity, out, null);
    }

    private void write(Object entity, OutputStream out, ServerRequestContext context) throws IOException {
        RoutingContext ctx = request.getCurrent();
        UnsentResponses counter = ctx == null ? null : ctx.get(UnsentResponses.NAME);
        if (counter == null) {
            // Not a tenant's HTTP/1.1 request (HTTP/2, or no tenant): nothing counts its bytes.
            json.writeValue(out, entity);
            out.close();
            return;
        }
        String tenant = RequestTenant.of(ctx);
        Counted counted = new Counted(out, counter, tenant);
        json.writeValue(counted, entity);
        if (counted.refused && counted.written == 0 && context != null) {
            // Nothing of the entity was sent: the answer is a refusal the client can act on.
            context.serverResponse().setStatusCode(429).setResponseHeader("Retry-After", "1");
            out.write(limit.refusalBody(tenant, false).getBytes(StandardCharsets.UTF_8));
        } else if (counted.refused) {
            ctx.request().connection().close();
        }
        out.close();
    }

    private static final class Counted extends FilterOutputStream {
        private final UnsentResponses counter;
        private final String tenant;
        private long written;
        private boolean refused;

        Counted(OutputStream out, UnsentResponses counter, String tenant) {
            super(out);
            this.counter = counter;
            this.tenant = tenant;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (refused || len == 0) {
                return;
            }
            while (!counter.produce(tenant, len)) {
                // Before the first byte the answer can still be a 429; a response under way waits for its tenant's
                // clients to take bytes (a fast reader's several large reads at once), and is cut once they stall.
                if (written == 0 || !awaitRoom()) {
                    refused = true;
                    return;
                }
            }
            written += len;
            out.write(b, off, len);
        }

        private boolean awaitRoom() throws IOException {
            try {
                return counter.open() && counter.budget().awaitRoom(tenant, ResponseBudget.STALL);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted waiting for the client to read");
            }
        }

        @Override
        public void flush() throws IOException {
            if (!refused) {
                out.flush();
            }
        }

        @Override
        public void close() {
            // The writer closes the entity stream itself, after a refusal's body.
        }
    }
}
