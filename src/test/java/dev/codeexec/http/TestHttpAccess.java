package dev.codeexec.http;

import io.quarkus.runtime.configuration.MemorySize;
import java.util.List;
import java.util.Optional;

/** HTTP access settings for tests: a default tenant's token, no origin or host lists, no metrics token. */
record TestHttpAccess(Optional<String> authToken, boolean allowUnauthenticatedRemote) implements HttpAccessConfig {

    @Override
    public Optional<List<String>> allowedOrigins() {
        return Optional.empty();
    }

    @Override
    public Optional<List<String>> allowedHosts() {
        return Optional.empty();
    }

    @Override
    public Optional<String> metricsToken() {
        return Optional.empty();
    }

    @Override
    public int maxConnectionsPerTenant() {
        return 4096;
    }

    @Override
    public int maxRestCallersPerTenant() {
        return 10_000;
    }

    @Override
    public Optional<MemorySize> maxBodyBytesInFlight() {
        return Optional.empty();
    }

    @Override
    public Optional<MemorySize> maxResponseBytesUnsent() {
        return Optional.empty();
    }
}
