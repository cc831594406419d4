package dev.codeexec.mcp;

import dev.codeexec.http.RequestTenant;
import dev.codeexec.tenant.Caller;
import dev.codeexec.tenant.Tenants;
import io.quarkiverse.mcp.server.InitialRequest;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Who an MCP tool call comes from: on stdio the local tenant (whoever started the process is the operator); over
 * HTTP the tenant whose token the request carries, as the access filter found it. That holds for a request with no
 * {@code Mcp-Session-Id} too (the server then makes a connection for that one request), so the tenant never depends
 * on connection state.
 */
@ApplicationScoped
public class McpCallers {

    private final CurrentVertxRequest request;

    public McpCallers(CurrentVertxRequest request) {
        this.request = request;
    }

    public Caller of(McpConnection connection) {
        return new Caller(tenant(connection), connection.id());
    }

    /** The call's tenant. */
    public String tenant(McpConnection connection) {
        InitialRequest initial = connection.initialRequest();
        if (initial != null && initial.transport() == InitialRequest.Transport.STDIO) {
            return Tenants.LOCAL;
        }
        RoutingContext ctx = request.getCurrent();
        if (ctx == null) {
            throw new IllegalStateException("MCP call over HTTP outside of its request");
        }
        return RequestTenant.of(ctx);
    }
}
