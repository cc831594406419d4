package dev.codeexec.mcp;

import dev.codeexec.tenant.Caller;
import dev.codeexec.tenant.ConnectionTenants;
import dev.codeexec.tenant.Tenants;
import io.quarkiverse.mcp.server.InitialRequest;
import io.quarkiverse.mcp.server.McpConnection;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Who an MCP tool call comes from: on stdio the local tenant (whoever started the process is the operator); over
 * HTTP the tenant the access filter bound the connection to when it issued its session id. A connection with no
 * binding is refused rather than given a default tenant.
 */
@ApplicationScoped
public class McpCallers {

    private final ConnectionTenants connections;

    public McpCallers(ConnectionTenants connections) {
        this.connections = connections;
    }

    public Caller of(McpConnection connection) {
        InitialRequest initial = connection.initialRequest();
        if (initial != null && initial.transport() == InitialRequest.Transport.STDIO) {
            return new Caller(Tenants.LOCAL, connection.id());
        }
        return connections.tenantOf(connection.id()).map(tenant -> new Caller(tenant, connection.id()))
                .orElseThrow(() -> new IllegalStateException("MCP connection with no tenant: it did not start through "
                        + "the HTTP access filter"));
    }
}
