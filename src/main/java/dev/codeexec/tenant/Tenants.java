package dev.codeexec.tenant;

import dev.codeexec.http.HttpAccessConfig;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The tenants the operator configured, and which one a presented token belongs to. {@code local} is the
 * operator's own tenant: stdio, and HTTP when no token is configured at all. {@code MCP_EXEC_AUTH_TOKEN}
 * ({@code codeexec.http.auth-token}) is the token of tenant {@code default}.
 */
@ApplicationScoped
public class Tenants {

    public static final String LOCAL = "local";
    public static final String DEFAULT = "default";
    static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]{0,31}");

    private record Entry(String name, byte[] token) {
    }

    private final List<Entry> entries;
    private final boolean stdio;

    /** @param stdio whether the stdio transport runs, which is the local tenant's */
    public Tenants(TenantConfig config, HttpAccessConfig http,
            @ConfigProperty(name = "quarkus.mcp.server.stdio.enabled", defaultValue = "true") boolean stdio) {
        this.entries = entries(config.all(), http.authToken().filter(t -> !t.isBlank()));
        this.stdio = stdio;
    }

    private static List<Entry> entries(Map<String, TenantConfig.Entry> configured, Optional<String> defaultToken) {
        List<Entry> entries = new ArrayList<>();
        configured.forEach((name, entry) -> {
            String key = "codeexec.tenants." + name + ".token";
            if (!NAME.matcher(name).matches()) {
                throw new IllegalArgumentException(key + ": the tenant name must match " + NAME.pattern());
            }
            if (name.equals(LOCAL)) {
                throw new IllegalArgumentException(key + ": '" + LOCAL + "' is the stdio tenant and takes no token");
            }
            String token = entry.token().filter(t -> !t.isBlank())
                    .orElseThrow(() -> new IllegalArgumentException(key + " is empty: every tenant needs a token"));
            if (name.equals(DEFAULT) && defaultToken.isPresent()) {
                throw new IllegalArgumentException(key + " and codeexec.http.auth-token (MCP_EXEC_AUTH_TOKEN) both name "
                        + "tenant '" + DEFAULT + "': set one");
            }
            entries.add(new Entry(name, token.getBytes(StandardCharsets.UTF_8)));
        });
        defaultToken.ifPresent(t -> entries.add(new Entry(DEFAULT, t.getBytes(StandardCharsets.UTF_8))));
        for (int i = 0; i < entries.size(); i++) {
            for (int j = i + 1; j < entries.size(); j++) {
                if (MessageDigest.isEqual(entries.get(i).token(), entries.get(j).token())) {
                    throw new IllegalArgumentException("tenants '" + entries.get(i).name() + "' and '"
                            + entries.get(j).name() + "' have the same token: each tenant needs its own");
                }
            }
        }
        return List.copyOf(entries);
    }

    /** How many tenants have a token (every tenant but {@code local}). */
    public int tokenTenants() {
        return entries.size();
    }

    /** True when HTTP requests must carry a token; otherwise every HTTP request is the local tenant. */
    public boolean tokensRequired() {
        return !entries.isEmpty();
    }

    /**
     * The tenants that callers can reach, in the order their workers are started: {@code local} when stdio runs or
     * HTTP needs no token, then the configured tenants by name.
     */
    public List<String> served() {
        List<String> served = new ArrayList<>();
        if (stdio || !tokensRequired()) {
            served.add(LOCAL);
        }
        entries.stream().map(Entry::name).sorted().forEach(served::add);
        return List.copyOf(served);
    }

    /** The tenant whose token this is. Every entry is compared, in constant time, so timing tells nothing. */
    public Optional<String> byToken(String presented) {
        byte[] bytes = presented.getBytes(StandardCharsets.UTF_8);
        String match = null;
        for (Entry entry : entries) {
            if (MessageDigest.isEqual(entry.token(), bytes)) {
                match = entry.name();
            }
        }
        return Optional.ofNullable(match);
    }
}
