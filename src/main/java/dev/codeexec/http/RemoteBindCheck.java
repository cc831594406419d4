package dev.codeexec.http;

import dev.codeexec.tenant.Tenants;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Refuses to serve HTTP on a non-loopback address with no token: anyone on the network could run code. Checked
 * while routes are set up, before the server listens.
 */
@ApplicationScoped
public class RemoteBindCheck {

    private final String host;
    private final Tenants tenants;
    private final HttpAccessConfig config;

    public RemoteBindCheck(@ConfigProperty(name = "quarkus.http.host", defaultValue = "127.0.0.1") String host,
            Tenants tenants, HttpAccessConfig config) {
        this.host = host;
        this.tenants = tenants;
        this.config = config;
    }

    void check(@Observes Router router) {
        if (!tenants.tokensRequired() && !config.allowUnauthenticatedRemote() && !loopback(host)) {
            throw new IllegalStateException("quarkus.http.host=" + host + " is not a loopback address and no token is "
                    + "set: set MCP_EXEC_AUTH_TOKEN or codeexec.tenants.<name>.token, or "
                    + "codeexec.http.allow-unauthenticated-remote=true to accept the risk");
        }
    }

    static boolean loopback(String host) {
        if (HttpAccessFilter.LOCAL_HOSTS.contains(host.toLowerCase(java.util.Locale.ROOT))) {
            return true;
        }
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
