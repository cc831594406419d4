package dev.codeexec.tenant;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithParentName;
import java.util.Map;
import java.util.Optional;

/** {@code codeexec.tenants.<name>.token=<secret>}: one entry per tenant of the HTTP side. */
@ConfigMapping(prefix = "codeexec.tenants")
public interface TenantConfig {

    @WithParentName
    Map<String, Entry> all();

    interface Entry {
        /** The bearer token whose requests belong to this tenant. */
        Optional<String> token();
    }
}
