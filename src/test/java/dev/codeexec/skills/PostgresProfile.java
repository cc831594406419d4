package dev.codeexec.skills;

import dev.codeexec.rest.TenantBudgets;
import dev.codeexec.rest.TokenProfile;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The same server on PostgreSQL: codeexec.db.kind=postgresql with the database .ci/postgres made, named by
 * CODEEXEC_TEST_PG_URL, _USER and _PASSWORD. It also carries the tenants' tokens and their small budgets
 * ({@link TenantBudgets}) and two slots, so the skills tests, TenantBudgetsTest and TenantSlotsTest share one start:
 * each start of a profile costs the suite a build of the application, a server and its workers. The classes that
 * need PostgreSQL also carry {@link PostgresAvailable}.
 */
public class PostgresProfile implements QuarkusTestProfile {

    public static final String URL_ENV = "CODEEXEC_TEST_PG_URL";

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(TokenProfile.tenantTokens());
        // Two slots, and a worker that takes both of its tenant's runs at once, so that in TenantSlotsTest only the
        // per-tenant cap (its default: one slot, as several tenants are served) keeps a tenant's second run from the
        // free slot. Background runs may hold both slots, so their own cap does not. Still one worker JVM per
        // tenant: this start pays for every worker it warms.
        overrides.put("sandbox.max-concurrent", "2");
        overrides.put("sandbox.worker.concurrent-runs", "2");
        overrides.put("sandbox.fair-share.background-slots", "2");
        overrides.putAll(TenantBudgets.overrides());
        // Without the URL the tests are skipped (or fail, in CI) before the server starts; H2 keeps a build valid.
        Optional<String> url = env(URL_ENV);
        overrides.put("codeexec.db.kind", url.isPresent() ? "postgresql" : "h2");
        url.ifPresent(u -> overrides.put("codeexec.db.url", u));
        env("CODEEXEC_TEST_PG_USER").ifPresent(u -> overrides.put("codeexec.db.username", u));
        env("CODEEXEC_TEST_PG_PASSWORD").ifPresent(p -> overrides.put("codeexec.db.password", p));
        return overrides;
    }

    static Optional<String> env(String name) {
        return Optional.ofNullable(System.getenv(name)).filter(v -> !v.isBlank());
    }
}
